Feature: The move counter
  Besides the score, the app counts moves: every removal (a pair or a King), every draw from
  the stock and every recycling of the waste counts one. Picking a card, or a tap that takes
  nothing away, is not a move. With the clock, the counter ranks won games in the statistics.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @MOVES-COUNT @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE @WASTE-PAIRS @STOCK-DRAW
  Scenario Outline: What counts as a move
    Given the rules under test
    And a table:
      """
            Q♠
          5♣  8♣
        4♦  9♣  K♥
      waste: 4♠ K♣
      stock: 8♥
      """
    Then the move counter is 0
    When I tap <taps>
    Then the move counter is <moves>

    Examples:
      | action                                  | taps                         | moves |
      | a pair of two pyramid cards             | 4♦ then 9♣                   | 1     |
      | a King of the pyramid                   | K♥                           | 1     |
      | a King from the waste                   | the waste                    | 1     |
      | the waste King, then a pair with 4♠     | the waste, 9♣ then the waste | 2     |
      | a draw                                  | the stock                    | 1     |

  @MOVES-COUNT @RECYCLE-ORDER @STOCK-DRAW
  Scenario: A recycle counts as a move too
    Given the rules under test
    And a table:
      """
            Q♠
          5♣  8♣
        4♦  9♣  K♥
      waste: 4♠ K♣
      stock: 8♥
      """
    When I tap the stock, the stock
    Then the stock holds 3 cards
    And the move counter is 2
      | picking a card                          | 4♦                           | 0     |
      | a draw, then a wrong sum                | the stock, 4♦ then the waste | 1     |
      | a covered card                          | Q♠                           | 0     |
