"""The Indian Rummy plugin: the variant ``indian`` and its computer players."""
