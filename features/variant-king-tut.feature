Feature: Variant: King Tut, three cards at a draw
  Tut's Tomb, or King Tut, in the classic page's list, turns the stock three cards at a time and
  pairs as it goes. The rule set follows PySolFC's King Tut (game 681), which is the app's rules
  but for the draw: a tap on the stock turns three cards onto the waste, the last one on top, and
  only that top card is in play; the two under it come into play as the cards on them are removed.
  The deal turns one such draw onto the waste, the waste is recycled as often as the player likes,
  and clearing the pyramid wins.

  The other files' scenarios that count on one card a draw are outside these rules; the ones below
  show the three-card draw and what it changes.

  Background:
    Given the rules under test

  Rule: VAR-KING-TUT-DRAW-THREE: A draw turns three cards onto the waste, the last one on top
    A tap on the stock turns its next three cards face up onto the waste one after the other, so
    that the third lies on top (fewer when fewer are left); this is one move, allowed at any time.
    Only the waste top is in play: the two cards under it come into play as the cards on them are
    removed.

    Sources: classic « Variantes courantes »; pysolfc « King Tut (game 681) ».

    @VAR-KING-TUT-DRAW-THREE @MOVES-COUNT @SCORE-NOTHING-ELSE
    Scenario: A draw turns three cards onto the waste, the third on top; fewer at the end
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        stock: 3♣ 8♥ Q♦ 6♠
        """
      When I tap the stock
      Then the waste is 7♦ 3♣ 8♥ Q♦
      And the stock holds 1 card
      And the move counter is 1
      When I tap the stock
      Then the waste is 7♦ 3♣ 8♥ Q♦ 6♠
      And the stock is empty
      And the move counter is 2
      And the score is 0

    @VAR-KING-TUT-DRAW-THREE @FREE-WASTE-TOP @WASTE-DRAWN-ALONE @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: Of the three cards drawn, only the top one is in play
      The J♠ just under the A♣ would make 13 with the 2♣, but only the A♣ on top is in play.
      Given a table:
        """
            5♠
          2♣  Q♥
        waste: [7♦]
        stock: 4♦ J♠ A♣
        """
      When I tap the stock
      And I tap the card beneath the waste top
      Then nothing is selected
      When I tap Q♥ then the waste
      Then Q♥ and A♣ are removed
      And the waste top is J♠

    @VAR-KING-TUT-DRAW-THREE @WASTE-PAIRS @END-WIN @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: The cards under the waste top come into play one by one
      Given a table:
        """
            9♠
          J♣  Q♥
        waste: [7♦]
        stock: 4♦ 2♥ A♣
        """
      When I tap the stock
      And I tap Q♥ then the waste
      Then the waste top is 2♥
      When I tap J♣ then the waste
      Then the waste is 7♦ 4♦
      When I tap 9♠ then the waste
      Then the game is won

    @VAR-KING-TUT-DRAW-THREE @RECYCLE-ORDER @RECYCLE-UNLIMITED
    Scenario: A recycle keeps the order: the three cards drawn first come out first again
      Given a table:
        """
            5♠
          Q♥  9♥
        waste: 2♣ 3♣ [4♣]
        stock: 5♣
        """
      When I tap the stock
      Then the waste is 2♣ 3♣ 4♣ 5♣
      When I tap the stock
      Then the stock holds 4 cards
      And the waste is empty
      When I tap the stock
      Then the waste is 2♣ 3♣ 4♣
      When I tap the stock
      Then the waste is 2♣ 3♣ 4♣ 5♣
      And the stock is empty

    @VAR-KING-TUT-DRAW-THREE @RECYCLE-UNLIMITED @END-PLAY-GOES-ON
    Scenario: Three cards at a draw, and the stock is still turned over without limit
      Five stock cards take two draws, then a recycle: 30 taps are ten passes, and play goes on.
      Given a table:
        """
            5♠
          Q♥  9♥
        stock: 2♣ 3♣ 4♣ 6♣ 7♣
        """
      When I tap the stock 30 times
      Then the stock holds 5 cards
      And the waste is empty
      And the move counter is 30
      And the game goes on

    @VAR-KING-TUT-DRAW-THREE @UNDO-RESTORES @UNDO-COUNTER-KEEPS
    Scenario: Undo takes the three cards of a draw back to the stock
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        stock: 3♣ 8♥ Q♦ 6♠
        """
      When I tap the stock
      And I undo
      Then the cards and the score are as they were at the start
      And the move counter is at least 1

  Rule: VAR-KING-TUT-DEAL: The deal turns three cards onto the waste; 21 form the stock
    After the pyramid, the deal makes one draw, as the app's deal turns one card onto its waste:
    three cards face up onto the waste, the third on top, and the 21 cards left form the stock, face
    down.

    Sources: pysolfc « King Tut (game 681) ».

    @VAR-KING-TUT-DEAL @DEAL-PYRAMID @DEAL-DECK
    Scenario: The deal turns three cards onto the waste and leaves 21 in the stock
      Given a new deal shuffled by the game
      Then the pyramid has 7 rows of 1 to 7 cards, every place filled
      And the waste holds 3 cards
      And the stock holds 21 cards
      And all 52 cards of one deck are on the table, each once

    @VAR-KING-TUT-DEAL @OPEN-CODE-LETTER @implementation-defined @profile-king-tut
    Scenario: In the reference engine PY1-K-AAAAAAS deals the documented pyramid and 7♦, 2♥, J♥ to the waste
      The seven characters of the app's PY1-N-AAAAAAS give the same pyramid under the letter K;
      the app's waste card and the next two cards make the first draw.
      Given the deal PY1-K-AAAAAAS
      Then the cards left in row 7 are 7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠
      And the waste is 7♦ 2♥ J♥
      And the stock holds 21 cards

    @VAR-KING-TUT-DEAL @CODE-REDEAL @CODE-FORMAT
    Scenario: A deal's code deals the same three waste cards again
      Given a new deal shuffled by the game
      Then the code shown is a deal code
      When I tap the stock
      And I deal the code shown again
      Then the table is the same as the first deal
