Feature: Variant: Giza, the stock laid out on eight reserve piles
  Gizeh, as the traditional page calls it, keeps no stock: the cards left over after the pyramid
  are spread out face up, so the whole deal is in view from the first move. PySolFC's Giza (game
  592), whose details the rule set follows, lays those 24 cards on 8 reserve piles of 3. The top
  card of each pile plays like the app's waste top: it pairs with a free pyramid card or with the
  top of another pile, and a King there goes alone. Nothing is ever drawn or recycled, so the game
  has no more moves as soon as nothing can be removed. The rest is the app's: pairs make 13, each
  pyramid card scores 10, and clearing the pyramid wins.

  The tables draw a pile as `reserve 3: 2♦ [6♣]`, bottom card first and its top card in brackets;
  "reserve 3" in a step is that pile's top card. Under these rules no table has a stock or a
  waste, so the other files' scenarios are outside them; the scenarios below show the app's rules
  that matter most on tables of Giza's own, and redrawn/giza.feature draws the app's scenarios
  that never draw again with the waste as reserve 1.

  Background:
    Given the rules under test

  Rule: VAR-GIZA-RESERVES: No stock and no waste: 24 cards face up on 8 reserve piles of 3
    The cards left after the pyramid (24 of the French deck) are dealt face up onto 8 reserve piles,
    a row at a time, 3 cards to a pile, so that every card of the game is in view from the start.
    There is no stock and no waste: nothing is ever drawn or recycled, and a tap where the stock
    would lie does nothing and is no move.

    Sources: traditional « 8. Variantes »; pysolfc « Giza (game 592) ».

    @VAR-GIZA-RESERVES @DEAL-PYRAMID @DEAL-DECK
    Scenario: The deal: a full pyramid, then 8 reserve piles of 3 cards, and no stock or waste
      Given a new deal shuffled by the game
      Then the pyramid has 7 rows of 1 to 7 cards, every place filled
      And the 8 reserves hold 3 cards each
      And the stock is empty
      And the waste is empty
      And all 52 cards of one deck are on the table, each once

    @VAR-GIZA-RESERVES
    Scenario: Reserve piles a table leaves out are there, empty
      The table lists only the pile it fills; the game has its 8 piles all the same.
      Given a table:
        """
            5♣
          9♦  3♠
        reserve 1: 7♥ [4♦]
        """
      Then the reserves hold 2, 0, 0, 0, 0, 0, 0 and 0 cards

    @VAR-GIZA-RESERVES @OPEN-CODE-LETTER @implementation-defined @profile-giza
    Scenario: In the reference engine PY1-G-AAAAAAS deals the documented pyramid, then the reserves a row at a time
      The seven characters of the app's PY1-N-AAAAAAS give the same pyramid under the letter G.
      The 24 cards after it go onto the piles a row at a time: the first 8 are the bottom cards
      of piles 1 to 8, the last 8 their top cards.
      Given the deal PY1-G-AAAAAAS
      Then the cards left in row 7 are 7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠
      And reserve 1 is 7♦ Q♦ 9♠
      And reserve 2 is 2♥ 2♦ 4♠
      And reserve 3 is J♥ 5♣ 9♦
      And reserve 4 is 6♠ 5♦ 6♦
      And reserve 5 is 8♣ 9♥ 8♥
      And reserve 6 is 5♠ Q♥ J♣
      And reserve 7 is 3♣ 10♥ 4♣
      And reserve 8 is A♥ A♣ 2♠
      And the stock is empty

    @VAR-GIZA-RESERVES @CODE-REDEAL @CODE-FORMAT
    Scenario: A deal's code deals the same pyramid and the same reserve piles again
      Given a new deal shuffled by the game
      Then the code shown is a deal code
      When I deal the code shown again
      Then the table is the same as the first deal

    @VAR-GIZA-RESERVES @MOVES-COUNT
    Scenario: There is nothing to draw: a tap on the stock does nothing and is no move
      Given a table:
        """
            5♠
          2♣  9♥
        reserve 1: 8♦ [4♦]
        """
      When I tap the stock
      Then the cards and the score are as they were at the start
      And the move counter is 0
      When I tap 9♥ then reserve 1
      Then 9♥ and 4♦ are removed
      And the move counter is 1

    @VAR-GIZA-RESERVES @PAIR-NOT-COVERING @KING-ALONE
    Scenario: As in the app, a card does not pair with the card still lying on it
      Once the K♥ is removed, only the 7♣ still covers the 6♦: they make 13 but stay.
      Given a table:
        """
            6♦
          7♣  K♥
        reserve 1: [5♠]
        """
      When I tap K♥
      And I tap 7♣ then 6♦
      Then 6♦ and 7♣ are still in the pyramid
      And the score is 10

  Rule: VAR-GIZA-RESERVE-TOPS: The top card of each reserve pile is in play
    The top card of every reserve pile is free, like a waste top: it pairs with a free pyramid card
    or with the top card of another reserve pile, and a King on top of a pile is removed alone with
    one tap. A card under the top is not in play until the cards on it are removed, and a pile once
    empty stays empty.

    Sources: pysolfc « Giza (game 592) ».

    @VAR-GIZA-RESERVE-TOPS @PAIR-THIRTEEN @PAIR-VALUES @SCORE-PYRAMID-CARD @SCORE-NOTHING-ELSE
    Scenario: A reserve top pairs with a free pyramid card, and the card under it comes into play
      Given a table:
        """
            5♠
          2♣  9♥
        reserve 1: J♥ [4♦]
        reserve 2: [6♠]
        """
      When I tap 9♥ then reserve 1
      Then 9♥ and 4♦ are removed
      And reserve 1 is J♥
      And the score is 10
      When I tap reserve 1 then 2♣
      Then J♥ and 2♣ are removed
      And reserve 1 is empty
      And the score is 20

    @VAR-GIZA-RESERVE-TOPS @PAIR-THIRTEEN @PAIR-VALUES @SCORE-NOTHING-ELSE
    Scenario: The tops of two reserve piles pair with each other
      Given a table:
        """
            5♠
          2♣  9♥
        reserve 1: 2♦ [6♣]
        reserve 2: [7♥]
        reserve 3: [4♦]
        """
      When I tap reserve 1 then reserve 2
      Then 6♣ and 7♥ are removed
      And reserve 1 is 2♦
      And reserve 2 is empty
      And the score is 0
      When I tap reserve 2
      Then nothing is selected

    @VAR-GIZA-RESERVE-TOPS @KING-ALONE
    Scenario: A King on top of a reserve pile is removed alone
      Given a table:
        """
            5♠
          2♣  9♥
        reserve 1: 5♦ [K♣]
        reserve 2: [4♦]
        """
      When I tap reserve 1
      Then K♣ is removed
      And reserve 1 is 5♦

    @VAR-GIZA-RESERVE-TOPS @TAP-SELECT @TAP-BLOCKED @PAIR-MISMATCH @FREE-PYRAMID @DEAL-COVERING
    Scenario: A reserve top is selected and answered like the waste top
      Given a table:
        """
            5♠
          2♣  9♥
        reserve 1: J♥ [3♦]
        reserve 2: [4♦]
        """
      When I tap 5♠
      Then nothing is selected
      And the player reads « Cette carte est bloquée par une autre »
      When I tap reserve 1
      Then 3♦ is selected
      When I tap 9♥
      Then 9♥ is selected
      And 9♥ is still in the pyramid
      And reserve 1 is J♥ 3♦
      And the player reads « La somme doit être égale à 13 »

    @VAR-GIZA-RESERVE-TOPS @MOVES-COUNT
    Scenario: An empty reserve has no top: a tap on it does nothing and warns of nothing
      Given a table:
        """
            5♠
          2♣  9♥
        reserve 1: 8♦ [4♦]
        """
      When I tap reserve 2
      Then nothing is selected
      And none of the app's messages is shown
      And the cards and the score are as they were at the start
      And the move counter is 0

    @VAR-GIZA-RESERVE-TOPS @END-NO-MORE-MOVES @MSG-TEXTS
    Scenario: A card under a top is out of play: with no pair among the free cards, no more moves
      The 4♦ would make 13 with the 9♦, but the 2♥ lies on it, and nothing can be drawn.
      Given a table:
        """
            5♣
          9♦  3♠
        reserve 1: 4♦ [2♥]
        reserve 2: [10♣]
        """
      Then the game goes on
      When I tap 3♠ then reserve 2
      Then 3♠ and 10♣ are removed
      And the game is over with no more moves
      And the player reads « Nincs több lehetséges lépés » in hu

    @VAR-GIZA-RESERVE-TOPS @END-NO-MORE-MOVES
    Scenario: A pair with a reserve top keeps the game going, whatever lies under the top
      The 4♦ on top of reserve 1 and the 9♦ make the only pair; the 7♥ under it pairs with
      nothing.
      Given a table:
        """
            5♣
          9♦  3♠
        reserve 1: 7♥ [4♦]
        """
      Then the game goes on
      When I tap 9♦ then reserve 1
      Then 9♦ and 4♦ are removed
      And the game is over with no more moves

    @VAR-GIZA-RESERVE-TOPS @END-NO-MORE-MOVES @END-WIN
    Scenario: The last pyramid card may pair with any reserve top, and the game goes on until it does
      Of the three reserve tops only the 2♠, in the middle, makes 13 with the J♣.
      Given a table:
        """
            J♣
        reserve 1: [5♥]
        reserve 2: [2♠]
        reserve 3: [9♣]
        """
      Then the game goes on
      When I tap J♣ then reserve 2
      Then the game is won

    @VAR-GIZA-RESERVE-TOPS @END-WIN @KING-ALONE @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: Clearing the pyramid wins, with cards left on the reserves
      What becomes of the cards left on the reserves once the game is won is no rule of play (a game
      may sweep them away): the scenario does not look at them.
      Given a table:
        """
            5♠
          8♣  K♥
        reserve 1: 8♦ [5♥]
        reserve 2: [4♦]
        """
      When I tap K♥
      And I tap 8♣ then reserve 1
      Then the game goes on
      When I tap 5♠ then reserve 1
      Then the game is won

    @VAR-GIZA-RESERVE-TOPS @SCORE-WIN-280 @END-WIN @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
    Scenario: A whole pyramid cleared is worth 280, whatever is left on the reserves
      Each row is cleared from the bottom up: the Kings alone, the others in pairs of 13.
      Given a table:
        """
                    K♣
                  A♣  Q♣
                K♦  2♣  J♣
              3♣  10♣  4♣  9♣
            K♥  5♣  8♣  6♣  7♣
          A♦  Q♦  2♦  J♦  3♦  10♦
        K♠  4♦  9♦  5♦  8♦  6♦  7♦
        reserve 1: A♥ Q♥ [2♥]
        reserve 2: J♥ 3♥ [10♥]
        reserve 3: 4♥ 9♥ [5♥]
        reserve 4: 8♥ 6♥ [7♥]
        reserve 5: A♠ Q♠ [2♠]
        reserve 6: J♠ 3♠ [10♠]
        reserve 7: 4♠ 9♠ [5♠]
        reserve 8: 8♠ 6♠ [7♠]
        """
      When I tap K♠, 4♦ then 9♦, 5♦ then 8♦, 6♦ then 7♦
      And I tap A♦ then Q♦, 2♦ then J♦, 3♦ then 10♦
      And I tap K♥, 5♣ then 8♣, 6♣ then 7♣
      And I tap 3♣ then 10♣, 4♣ then 9♣
      And I tap K♦, 2♣ then J♣
      And I tap A♣ then Q♣
      Then the score is 270
      And the 8 reserves hold 3 cards each
      When I tap K♣
      Then the game is won
      And the score is 280

    @VAR-GIZA-RESERVE-TOPS @UNDO-RESTORES @UNDO-COUNTER-KEEPS @PAIR-THIRTEEN
    Scenario: Undo puts a reserve card back on its pile
      Given a table:
        """
            5♠
          2♣  9♥
        reserve 1: J♥ [4♦]
        """
      When I tap 9♥ then reserve 1
      And I undo
      Then the cards and the score are as they were at the start
      And the move counter is at least 1
