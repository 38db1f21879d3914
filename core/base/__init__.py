"""What every room of core uses: the one-line errors, the helpers that show a
value in a message, lazy package exports, and the table of moved module paths."""
