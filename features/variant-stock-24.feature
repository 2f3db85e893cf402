Feature: Variant: a 24-card stock
  In the app one card is turned onto the waste at the start and 23 wait in the stock. The
  traditional deal leaves the waste empty and puts all 24 cards left over in the stock; the
  first card comes into play with the first draw.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @VAR-STOCK-24 @profile-stock-24
  Scenario: The game starts with an empty waste; the first draw brings a card into play
    Given the stock-24 rules
    And a table:
      """
                  J♦
                6♣  7♥
              A♠  4♦  Q♠
            5♥  3♦  6♥  8♠
          K♥  K♣  A♦  K♠  9♣
        Q♣  2♣  8♦  10♦ 10♠ J♠
      7♣  10♣ 3♥  4♥  3♠  K♦  7♠
      stock: 7♦ A♣ 3♣ 4♣ 5♣ 8♣ J♣ 2♦ 5♦ 6♦ 9♦ Q♦ A♥ 2♥ 8♥ 9♥ 10♥ J♥ Q♥ 2♠ 4♠ 5♠ 6♠ 9♠
      """
    Then the waste is empty
    And the stock holds 24 cards
    When I tap the stock
    Then the waste is 7♦
    And the stock holds 23 cards

  @VAR-STOCK-24 @OPEN-CODE-LETTER @implementation-defined @profile-stock-24 @needs-codes
  Scenario: A deal code under the 24-card rules leaves the waste empty
    Given the stock-24 rules
    And the deal PY1-F-AAAAAAJ
    Then the pyramid has 7 rows of 1 to 7 cards, every place filled
    And the waste is empty
    And the stock holds 24 cards
