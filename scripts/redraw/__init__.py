"""The app's scenarios drawn again on the tables of the variants whose tables differ.

The app's rulebook is written on the app's table: a 28-card pyramid, a stock and a waste, the
French deck. Giza, the Triangle and the Spanish pyramid play most of those rules on other
tables, where none of the app's drawings can lie, so without help their rule sets would be
checked by a sliver of scenarios (issue 26). Each module here redraws an app scenario for one
of them, keeping what it shows and changing only what the other table forces:

- :mod:`.triangle` lays the pyramid's cards on the Triangle's places, sheared so that every
  card lies under the same cards as before;
- :mod:`.giza` turns the waste into the first reserve pile (both keep their top card only in
  play) for the scenarios that never draw;
- :mod:`.spanish` renames every card into a Spanish one whose pairs are the same (a pair of 13
  becomes a pair of 12, the King the rey).

A scenario the other table cannot carry faithfully is left out with the reason
(``scripts/build_other_tables.py --why``). The reference must pass every redrawn scenario under
its rule set (tests/features/test_wrong_engines.py runs them), and the redrawn files are
checked to be up to date with the app's (``--check``), so a fact is still written once.
"""
