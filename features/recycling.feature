Feature: Recycling the waste
  When the stock is empty, tapping it turns the whole waste back over to make a new stock.
  The cards keep their order: the first card drawn again is the one that was drawn first
  (the bottom card of the waste). In the app this can be done as often as the player likes.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @RECYCLE-ORDER
  Scenario: The waste becomes the stock again, in the order it was drawn
    Given the rules under test
    And a table:
      """
          5♠
        Q♥  9♥
      waste: 2♣ 3♣ 4♣
      """
    When I tap the stock
    Then the stock holds 3 cards
    And the waste is empty
    When I tap the stock
    Then the waste is 2♣
    When I tap the stock
    Then the waste is 2♣ 3♣
    When I tap the stock
    Then the waste is 2♣ 3♣ 4♣
    And the stock is empty

  @RECYCLE-ORDER
  Scenario: A waste of one card is recycled too
    Given the rules under test
    And a table:
      """
          5♠
        Q♥  9♥
      waste: 2♣
      """
    When I tap the stock
    Then the stock holds 1 card
    And the waste is empty
    And the move counter is 1

  @RECYCLE-UNLIMITED @END-PLAY-GOES-ON @STOCK-DRAW
  Scenario: There is no limit to the passes through the stock
    Given the rules under test
    And a table:
      """
          5♠
        Q♥  9♥
      stock: 2♣ 3♣
      """
    When I tap the stock 30 times
    Then the stock holds 2 cards
    And the waste is empty
    And the move counter is 30
    When I tap the stock
    Then the waste is 2♣
    And the game goes on
