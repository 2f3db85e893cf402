Feature: Undo
  Undo takes back the last moves, one at a time, up to 100 of them: pairs, Kings, draws and
  recycles. The cards return to where they were and the points they earned come off the score; the
  move counter, though, never goes down. The rules leave two points open: whether an undo is itself
  a move, and what becomes of a selected card. The scenarios about them (tagged
  implementation-defined) show the reference engine's choices: an undo is not a move, and it drops
  the selection. Another game may choose otherwise.

  Background:
    Given the rules under test

  Rule: UNDO-RESTORES: Undo puts the cards back and takes the points off
    Undoing an action puts every card it moved back where it was (pyramid place, waste, stock or any
    other pile, in the same order) and takes off the points that action scored.

    Sources: app-fr « Annuler et code de partie »; app-hu « Visszavonás és játszmakód ».

    @UNDO-RESTORES @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
    Scenario Outline: Undo puts the cards back and takes the points off
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
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

    @UNDO-RESTORES @STOCK-DRAW
    Scenario: Undo puts a drawn card back on the stock
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      When I tap the stock
      And I undo
      Then the cards and the score are as they were at the start

    @UNDO-RESTORES @RECYCLE-ORDER @STOCK-DRAW
    Scenario: Undo takes back a recycle, then the draw before it
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
      When I undo
      Then the cards and the score are as they were after tap 1
      When I undo
      Then the cards and the score are as they were at the start

    @UNDO-RESTORES @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
    Scenario: Several undos take back several removals, the last one first
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 2♥
        """
      When I tap 4♦ then 9♣, K♥, 5♣ then 8♣
      Then the score is 50
      When I undo
      Then the cards and the score are as they were after tap 3
      And the score is 30
      When I undo 2 times
      Then the cards and the score are as they were at the start

  Rule: UNDO-COUNTER-KEEPS: Undo never lowers the move counter
    Undoing an action never makes the move counter go down: the moves played stay counted.

    Sources: app-fr « Annuler et code de partie »; app-hu « Visszavonás és játszmakód ».

    @UNDO-COUNTER-KEEPS @MOVES-COUNT @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
    Scenario Outline: Undo never lowers the move counter
      Whether undoing is itself a move is left open; either way the moves played stay counted.
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      When I tap <taps>
      And I undo
      Then the move counter is at least <moves>

      Examples:
        | action                      | taps                     | moves |
        | a pair of two pyramid cards | 4♦ then 9♣               | 1     |
        | a King of the pyramid       | K♥                       | 1     |
        | a King from the waste       | the waste                | 1     |

    @UNDO-COUNTER-KEEPS @MOVES-COUNT @KING-ALONE @STOCK-DRAW
    Scenario: Undoing a draw leaves the moves played counted
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      When I tap K♥, the stock
      And I undo
      Then the move counter is at least 2

    @UNDO-COUNTER-KEEPS @UNDO-RESTORES @PAIR-THIRTEEN @KING-ALONE
    Scenario Outline: With a single card on the waste too, undo takes a move back and the move stays counted
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: [K♣]
        stock: K♦ 8♥
        """
      When I tap <taps>
      And I undo
      Then the cards and the score are as they were at the start
      And the move counter is at least 1

      Examples:
        | action                         | taps          |
        | a pair of two pyramid cards    | 4♦ then 9♣    |
        | a King of the pyramid          | K♥            |
        | the King on the waste          | the waste     |

    @UNDO-COUNTER-KEEPS @OPEN-UNDO-NOT-A-MOVE @implementation-defined
    Scenario: Undoing is not a move: the counter neither rises nor falls
      Given a table:
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

  Rule: OPEN-UNDO-NOT-A-MOVE: Whether undo itself counts as a move
    The app's rules list what counts as a move (removals, draws, recycles) without undo and say only
    that undo does not lower the counter. The reference engine does not count undo: the counter
    neither rises nor falls.

    Sources: app-fr « La marque », « Annuler et code de partie »;
    app-hu « A pontozás », « Visszavonás és játszmakód ».

  Rule: UNDO-LAST-100: Undo takes back the last 100 actions
    Undo takes back the most recent action (a pair, a King, a draw or a recycle), then the one
    before, and so on for up to the last 100 actions; the 101st undo in a row, or an undo with
    nothing left to take back, changes nothing on the table.

    Sources: app-fr « Annuler et code de partie »; app-hu « Visszavonás és játszmakód ».

    @UNDO-LAST-100 @KING-ALONE @RECYCLE-UNLIMITED
    Scenario: Only the last 100 moves can be undone
      101 moves: K♥ is removed, K♣ is removed, then 99 taps on the stock draw and recycle its three
      cards, the last tap a draw. A hundred undos take back everything after the first move: K♣ is
      back, and no table played after it had K♣ (so an undo that reaches back less far is seen).
      The 101st undo would have to take back K♥, beyond the last 100 moves: nothing changes.
      Given a table:
        """
            5♠
          K♥  K♣
        stock: 2♣ 3♣ 4♣
        """
      When I tap K♥
      And I tap K♣
      And I tap the stock 99 times
      And I undo 100 times
      Then the cards and the score are as they were after tap 1
      When I undo
      Then the cards and the score are as they were after tap 1

    @UNDO-LAST-100 @VAR-LIMITED-PASSES @KING-ALONE
    Scenario: With passes limited, undo takes back every action of the game
      With a limited number of passes a game may offer fewer than 100 actions: here the K♥, then
      every draw and recycle the rules allow (24 actions with a single pass, 72 with three), with
      the K♣ still to play. Undo takes every one of them back; the undos beyond them change
      nothing.
      Given a table:
        """
            5♠
          K♥  K♣
        stock: A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣
        """
      When I tap K♥
      And I go through the stock as many times as the rules allow
      Then the game goes on
      When I undo 100 times
      Then the cards and the score are as they were at the start

    @UNDO-LAST-100 @VAR-GIZA-RESERVE-TOPS @KING-ALONE @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: With reserves and no stock, undo takes back every removal of the game
      Giza's reserve piles leave nothing to draw, so every action is a removal: 12 here, with the
      K♣ still to play. Undo takes every one of them back; the undos beyond them change nothing.
      Given a table:
        """
                K♣
              A♣  Q♣
            K♦  2♣  J♣
          3♣  10♣  4♣  9♣
        K♥  5♣  8♣  6♣  7♣
        reserve 1: A♥ [Q♥]
        reserve 2: J♥ [2♥]
        reserve 3: [J♦]
        reserve 4: [2♦]
        reserve 5: [K♠]
        """
      When I tap K♥, 5♣ then 8♣, 6♣ then 7♣
      And I tap 3♣ then 10♣, 4♣ then 9♣
      And I tap K♦, 2♣ then J♣
      And I tap A♣ then reserve 1, Q♣ then reserve 1
      And I tap reserve 2 then reserve 3, reserve 2 then reserve 4
      And I tap reserve 5
      Then the pyramid is:
        """
            K♣
        """
      And the game goes on
      When I undo 100 times
      Then the cards and the score are as they were at the start

  Rule: OPEN-UNDO-SELECTION: What undo does to a selection
    The app's rules do not say. The reference engine clears the selection and the message on undo,
    since the cards the selection pointed at may have moved.

    Sources: app-fr « Annuler et code de partie »; app-hu « Visszavonás és játszmakód ».

    @OPEN-UNDO-SELECTION @implementation-defined
    Scenario: Undo drops the selection
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      When I tap the stock
      And I tap 9♣
      Then 9♣ is selected
      When I undo
      Then nothing is selected
      And the waste top is K♣

  Rule: UNDO-COUNTER-RESTORES: Undo takes the undone move off the move counter
    Undoing an action puts the move counter back to what it was before that action, so the counter
    always shows the moves of the line on the table.

    Sources: soliterm « core.py ».

    @UNDO-COUNTER-RESTORES
    Scenario: A game whose undo restores the counter takes the undone move off it
      Given a table:
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
