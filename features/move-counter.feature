Feature: The move counter
  The app counts moves as well as points. A move is a removal (a pair or a King), a draw or a
  recycle, and each counts one. A tap that does none of these is not a move: selecting a card,
  tapping a covered card, a second card that does not make 13, or a tap on an empty stock with no
  waste to recycle. The counter also ranks won games in the app's statistics.

  Background:
    Given the rules under test

  Rule: MOVES-COUNT: Removals, draws and recycles each count one move
    The move counter starts at 0 and goes up by one for each removal (a pair or a King), each draw
    and each recycle. A tap that removes, draws or recycles nothing does not count.

    Sources: app-fr « La marque »; app-hu « A pontozás ».

    @MOVES-COUNT @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE @WASTE-PAIRS
    Scenario Outline: What counts as a move
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
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
        | a covered card                          | Q♠                           | 0     |

    @MOVES-COUNT @STOCK-DRAW
    Scenario: A draw counts as a move
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      When I tap the stock
      Then the move counter is 1

    @MOVES-COUNT @TAP-SELECT @PAIR-MISMATCH @STOCK-DRAW
    Scenario Outline: Selecting a card, or trying a wrong sum, is not a move
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      When I tap <taps>
      Then the move counter is <moves>

      Examples:
        | action                   | taps                         | moves |
        | selecting a card         | 4♦                           | 0     |
        | a draw, then a wrong sum | the stock, 4♦ then the waste | 1     |

    @MOVES-COUNT @RECYCLE-ORDER @STOCK-DRAW
    Scenario: A recycle counts as a move too
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      When I tap the stock, the stock
      Then the stock holds 3 cards
      And the move counter is 2

    @MOVES-COUNT @STOCK-DRAW @KING-ALONE
    Scenario: A tap on the stock with nothing to draw or recycle is not a move
      The stock and the waste are both empty; the K♣ is still there to play.
      Given a table:
        """
            5♠
          K♣  9♥
        """
      When I tap the stock
      Then the stock is empty
      And the move counter is 0
      And the score is 0
      When I tap K♣
      Then the move counter is 1
