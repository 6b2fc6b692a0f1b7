"""The widget kit shared by the four games: board, table, walkthrough player, error handling."""

from .board import SvgBoard
from .errors import guarded, set_raise_errors
from .table import HUMAN, Table
from .walkthrough import WalkthroughPlayer

__all__ = ["SvgBoard", "Table", "WalkthroughPlayer", "HUMAN", "guarded", "set_raise_errors"]
