Feature: Variant: the drawn card pairs with the waste card under it
  In the app only the top card of the waste is in play. Some rule books also let a card just
  drawn from the stock pair with the waste card it has just covered, as long as nothing else
  has happened since the draw. (The engine is then asked to tap "the card beneath the waste
  top".)

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @VAR-DRAWN-WITH-WASTE
  Scenario Outline: A card just drawn pairs with the waste card it covers
    Given the rules under test
    And a table:
      """
          5♠
        2♣  9♥
      waste: 4♦ 6♦
      stock: 7♣
      """
    When I tap the stock
    And I tap <first> then <second>
    Then 7♣ and 6♦ are removed
    And the waste top is 4♦
    And the score is 0

    Examples:
      | first                          | second                         |
      | the waste                      | the card beneath the waste top |
      | the card beneath the waste top | the waste                      |

  @VAR-DRAWN-WITH-WASTE
  Scenario: Only right after the draw
    Once the 8♦ drawn after the 7♣ has gone, the 7♣ is back on top but no longer freshly drawn.
    Given the rules under test
    And a table:
      """
          Q♣
        5♠  9♥
      waste: 6♦
      stock: 7♣ 8♦
      """
    When I tap the stock 2 times
    And I tap 5♠ then the waste
    Then the waste is 6♦ 7♣
    When I tap the waste then the card beneath the waste top
    Then the waste is 6♦ 7♣
    And the score is 10
