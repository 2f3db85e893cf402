Feature: Variant: the strict win
  Some rule books only count a game as won when every card is gone: the pyramid, but also the
  stock and the waste. Under these rules an empty pyramid is not enough; the cards left in the
  stock and the waste must come off too (Kings alone, the others in pairs with the pyramid
  while it lasts).

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @VAR-STRICT-WIN
  Scenario: An empty pyramid with cards left in the stock is not yet a win
    Given the rules under test
    And a table:
      """
          6♦
      waste: 7♣
      stock: K♥
      """
    When I tap 6♦ then the waste
    Then the pyramid is:
      """
          --
      """
    And the game is not won
    When I tap the stock
    And I tap the waste
    Then the game is won
    And the score is 10

  @VAR-STRICT-WIN
  Scenario: Clearing the last cards everywhere at once wins
    Given the rules under test
    And a table:
      """
          6♦
      waste: 7♣
      """
    When I tap 6♦ then the waste
    Then the game is won

  @VAR-STRICT-WIN
  Scenario: A card left in the pyramid keeps the game from being won, whatever else is gone
    The 5♠ still lies under the 9♦, the two make no pair, and there is nothing left to draw.
    Given the rules under test
    And a table:
      """
          5♠
        --  9♦
      """
    Then the game is not won
    And the game is over with no more moves
