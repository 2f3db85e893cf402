Feature: Undo
  The Undo button takes back the last actions, up to 100 of them: pairs, Kings, draws and
  recycles. The cards go back where they were and the points they earned are taken off the
  score. The move counter does not go back down: undoing never lowers it. Whether undoing is
  itself a move, and what becomes of a picked card, the rules leave open; the reference
  engine counts no move for an undo and drops the picked card.

  Tables: the pyramid row by row from the top, "--" for a place whose card has gone, rows
  left out at the bottom are empty; the waste from bottom to top; the stock top card first.

  @UNDO-RESTORES @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE @STOCK-DRAW @needs-undo
  Scenario Outline: Undo puts the cards back and takes the points off
    Given the rules under test
    And a table:
      """
            Q♠
          5♣  8♣
        4♦  9♣  K♥
      waste: 4♠ K♣
      stock: 8♥
      """
    When I tap <taps>
    And I undo
    Then the cards and the score are as they were at the start

    Examples:
      | action                      | taps                 |
      | a pair of two pyramid cards | 4♦ then 9♣           |
      | a King of the pyramid       | K♥                   |
      | a King from the waste       | the waste            |
      | a draw                      | the stock            |

  @UNDO-COUNTER-KEEPS @MOVES-COUNT @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE @STOCK-DRAW @needs-undo
  Scenario Outline: Undo never lowers the move counter
    Whether undoing is itself a move is left open; either way the moves played stay counted.
    Given the rules under test
    And a table:
      """
            Q♠
          5♣  8♣
        4♦  9♣  K♥
      waste: 4♠ K♣
      stock: 8♥
      """
    When I tap <taps>
    And I undo
    Then the move counter is at least <moves>

    Examples:
      | action                      | taps                     | moves |
      | a pair of two pyramid cards | 4♦ then 9♣               | 1     |
      | a King, then a draw         | K♥, the stock            | 2     |
      | a King from the waste       | the waste                | 1     |

  @UNDO-RESTORES @RECYCLE-ORDER @STOCK-DRAW @needs-undo
  Scenario: Undo takes back a recycle, then the draw before it
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
    When I undo
    Then the cards and the score are as they were after tap 1
    When I undo
    Then the cards and the score are as they were at the start

  @UNDO-RESTORES @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE @needs-undo
  Scenario: Several undos take back several removals, the last one first
    Given the rules under test
    And a table:
      """
            Q♠
          5♣  8♣
        4♦  9♣  K♥
      waste: 4♠ K♣
      """
    When I tap 4♦ then 9♣, K♥, 5♣ then 8♣
    Then the score is 50
    When I undo
    Then the cards and the score are as they were after tap 3
    And the score is 30
    When I undo 2 times
    Then the cards and the score are as they were at the start

  @UNDO-LAST-100 @KING-ALONE @RECYCLE-UNLIMITED @needs-undo
  Scenario: Only the last 100 actions can be undone
    101 actions: K♥ goes, K♣ goes, then 99 taps on the stock draw and recycle its two cards.
    A hundred undos take back everything after the first action: K♣ is back, and no table
    played after it had K♣ (so an undo that reaches back less far is seen). The 101st undo
    would have to take back K♥, beyond the last 100 actions: nothing changes.
    Given the rules under test
    And a table:
      """
          5♠
        K♥  K♣
      stock: 2♣ 3♣
      """
    When I tap K♥
    And I tap K♣
    And I tap the stock 99 times
    And I undo 100 times
    Then the cards and the score are as they were after tap 1
    When I undo
    Then the cards and the score are as they were after tap 1

  @UNDO-COUNTER-KEEPS @OPEN-UNDO-NOT-A-MOVE @implementation-defined @needs-undo
  Scenario: Undoing is not a move: the counter neither rises nor falls
    Given the rules under test
    And a table:
      """
          5♠
        Q♥  9♥
      stock: 2♣ 3♣
      """
    When I tap the stock 2 times
    And I undo 2 times
    Then the move counter is 2
    When I tap the stock
    Then the move counter is 3

  @OPEN-UNDO-SELECTION @implementation-defined @needs-undo @needs-taps
  Scenario: Undo drops the picked card
    Given the rules under test
    And a table:
      """
            Q♠
          5♣  8♣
        4♦  9♣  K♥
      waste: 4♠ K♣
      stock: 8♥
      """
    When I tap the stock
    And I tap 9♣
    Then 9♣ is selected
    When I undo
    Then nothing is selected
    And the waste top is K♣

  @UNDO-COUNTER-RESTORES @needs-undo
  Scenario: An engine whose undo restores the counter takes the undone move off it
    Given the rules under test
    And a table:
      """
          5♠
        Q♥  9♥
      stock: 2♣ 3♣
      """
    When I tap the stock 2 times
    Then the move counter shows 2
    When I undo
    Then the move counter shows 1
    When I tap the stock
    Then the move counter shows 2
