"""Oklahoma Gin, a rummykit house-rule plugin built on the Gin plugin's public API."""

from .oklahoma import RULES, SPEC, OklahomaOptions, OklahomaRound, oklahoma_summary

__all__ = ["OklahomaOptions", "OklahomaRound", "RULES", "SPEC", "oklahoma_summary"]
__version__ = "0.1.0"
