Feature: Variant: Apophis, three waste piles
  The classic page's Apophis lays out three waste piles side by side, and the top card of each is
  in play. The page lets the stock's cards go onto any of the three; the rule set reads it as
  PySolFC's Apophis (game 658) plays it: a tap on the stock deals one card onto each pile, left to
  right, and the deal itself starts each pile with one card. Three passes are allowed, as in
  PySolFC: when the stock is empty a tap gathers the piles back, pile 1 first, so that the bottom
  card of pile 3 is the first one dealt again. The rest is the app's: pairs make 13, a King goes
  alone, and clearing the pyramid wins.

  Pile 1 is the pile the other files call the waste; the tables draw the other two as
  `waste 2: J♥ [7♣]` and `waste 3:`, bottom card first and the top card in brackets, and the steps
  name them "waste pile 2" and "waste pile 3". The scenarios of the other files that draw a single
  card at a time are outside these rules; the ones below show what changes.

  Background:
    Given the rules under test

  Rule: VAR-APOPHIS-WASTES: Three waste piles: a draw deals one card onto each
    Three waste piles lie side by side instead of one. A tap on the stock deals its next cards face
    up, one onto each pile from left to right (pile 1, pile 2, then pile 3; fewer when the stock
    runs out); this is one move, allowed at any time. Pile 1 is the pile the app's rules call the
    waste.

    Sources: pysolfc « Apophis (game 658) ».

    @VAR-APOPHIS-WASTES @MOVES-COUNT
    Scenario: A draw deals one card onto each waste pile, left to right
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        waste 2: [Q♠]
        waste 3: [8♣]
        stock: 3♣ 8♥ Q♦ 6♠
        """
      When I tap the stock
      Then the waste is 7♦ 3♣
      And waste pile 2 is Q♠ 8♥
      And waste pile 3 is 8♣ Q♦
      And the stock holds 1 card
      And the move counter is 1

    @VAR-APOPHIS-WASTES
    Scenario: Empty waste piles are dealt onto too
      Piles 2 and 3 start empty: the table does not list them.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        stock: 3♣ 8♥ Q♦ 6♠
        """
      When I tap the stock
      Then the waste is 7♦ 3♣
      And waste pile 2 is 8♥
      And waste pile 3 is Q♦

    @VAR-APOPHIS-WASTES @MOVES-COUNT
    Scenario: At the end of the stock a draw deals fewer cards, pile 1 first
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        stock: 3♣ 8♥
        """
      When I tap the stock
      Then the waste is 7♦ 3♣
      And waste pile 2 is 8♥
      And waste pile 3 is empty
      And the stock is empty
      And the move counter is 1

    @VAR-APOPHIS-WASTES @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: Drawing is allowed even when a pair could be played
      The 9♥ and the 4♦ on top of pile 1 make 13, yet the player may draw instead.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [4♦]
        stock: 3♣ 8♥ Q♦
        """
      When I tap the stock
      Then the waste is 4♦ 3♣
      And 9♥ is still in the pyramid

    @VAR-APOPHIS-WASTES @UNDO-RESTORES @UNDO-COUNTER-KEEPS
    Scenario: Undo takes a draw back from the three piles at once
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        waste 2: [Q♠]
        stock: 3♣ 8♥ Q♦ 6♠
        """
      When I tap the stock
      And I undo
      Then the cards and the score are as they were at the start
      And the move counter is at least 1

  Rule: VAR-APOPHIS-DEAL: The deal puts one card on each waste pile; 21 form the stock
    After the pyramid, the deal makes one draw, as the app's deal turns one card onto its waste: one
    card face up on each of the three waste piles, and the 21 cards left form the stock, face down.

    Sources: pysolfc « Apophis (game 658) ».

    @VAR-APOPHIS-DEAL @DEAL-PYRAMID @DEAL-DECK
    Scenario: The deal puts one card on each waste pile and 21 in the stock
      Given a new deal shuffled by the game
      Then the pyramid has 7 rows of 1 to 7 cards, every place filled
      And the 3 waste piles hold 1 card each
      And the stock holds 21 cards
      And all 52 cards of one deck are on the table, each once

    @VAR-APOPHIS-DEAL @OPEN-CODE-LETTER @implementation-defined @profile-apophis
    Scenario: In the reference engine PY1-O-AAAAAAS deals the documented pyramid and 7♦, 2♥, J♥ on the piles
      The seven characters of the app's PY1-N-AAAAAAS give the same pyramid under the letter O;
      the app's waste card goes onto pile 1 and the next two cards onto piles 2 and 3.
      Given the deal PY1-O-AAAAAAS
      Then the cards left in row 7 are 7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠
      And the waste is 7♦
      And waste pile 2 is 2♥
      And waste pile 3 is J♥
      And the stock holds 21 cards

    @VAR-APOPHIS-DEAL @CODE-REDEAL @CODE-FORMAT
    Scenario: A deal's code deals the same three piles again
      Given a new deal shuffled by the game
      Then the code shown is a deal code
      When I tap the stock
      And I deal the code shown again
      Then the table is the same as the first deal

  Rule: VAR-APOPHIS-TOPS: The top card of every waste pile is in play
    The top card of each of the three waste piles is free: it pairs with a free pyramid card or with
    the top card of another waste pile, and a King on top of a pile is removed alone with one tap.
    The cards under a top are not in play until they are on top again.

    Sources: classic « Variantes courantes »; pysolfc « Apophis (game 658) ».

    @VAR-APOPHIS-TOPS @PAIR-THIRTEEN @PAIR-VALUES @SCORE-PYRAMID-CARD
    Scenario: The top of any waste pile pairs with a free pyramid card
      Given a table:
        """
            5♠
          2♣  9♥
        waste: 6♦ [8♦]
        waste 2: [Q♠]
        waste 3: J♥ [4♣]
        stock: 2♥
        """
      When I tap 9♥ then waste pile 3
      Then 9♥ and 4♣ are removed
      And waste pile 3 is J♥
      And the score is 10
      When I tap waste pile 3 then 2♣
      Then J♥ and 2♣ are removed
      And waste pile 3 is empty

    @VAR-APOPHIS-TOPS @PAIR-THIRTEEN @PAIR-VALUES @SCORE-NOTHING-ELSE
    Scenario: The tops of two waste piles pair with each other
      Given a table:
        """
            5♠
          2♣  9♥
        waste: 3♥ [6♦]
        waste 2: [7♣]
        stock: 2♥
        """
      When I tap the waste then waste pile 2
      Then 6♦ and 7♣ are removed
      And the waste is 3♥
      And waste pile 2 is empty
      And the score is 0

    @VAR-APOPHIS-TOPS @KING-ALONE
    Scenario: A King on top of any waste pile is removed alone
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [4♦]
        waste 2: 3♥ [K♠]
        stock: 2♥
        """
      When I tap waste pile 2
      Then K♠ is removed
      And waste pile 2 is 3♥
      And the move counter is 1

    @VAR-APOPHIS-TOPS @TAP-SELECT @PAIR-MISMATCH
    Scenario: A waste pile's top is selected, and a wrong sum answered, as in the app
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [4♦]
        waste 2: [3♥]
        stock: 2♥
        """
      When I tap waste pile 2
      Then 3♥ is selected
      When I tap 9♥
      Then 9♥ is selected
      And the player reads « La somme doit être égale à 13 »

    @VAR-APOPHIS-TOPS
    Scenario: A card under the top of a pile is not in play
      The J♥ would make 13 with the 2♣, but the 6♦ lies on it.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: J♥ [6♦]
        waste 2: [8♣]
        stock: 2♥
        """
      When I tap 2♣ then the card beneath the waste top
      Then 2♣ is still in the pyramid
      And the waste is J♥ 6♦
      And the score is 0

    @VAR-APOPHIS-TOPS @END-WIN @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: Clearing the pyramid wins, with cards left on the piles and in the stock
      What becomes of the cards left on the piles and in the stock once the game is won is no rule
      of play (a game may sweep them away): the scenario does not look at them.
      Given a table:
        """
            5♠
        waste: J♥ [8♦]
        waste 2: [3♣]
        stock: 9♥
        """
      When I tap 5♠ then the waste
      Then the game is won

  Rule: VAR-APOPHIS-RECYCLE-ORDER: A recycle gathers pile 1, then pile 2, then pile 3
    Tapping the empty stock while a recycle is left turns the three waste piles back into the stock
    as one move: pile 1 is gathered first, then pile 2, then pile 3, each turned over. The stock
    then holds pile 3's cards from its bottom card up, then pile 2's, then pile 1's, so the first
    card dealt again is the bottom card of pile 3, and the piles stay empty until the next draw.

    Sources: pysolfc « Apophis (game 658) », « stack.py: DealRowRedealTalonStack ».

    @VAR-APOPHIS-RECYCLE-ORDER @MOVES-COUNT @END-PLAY-GOES-ON
    Scenario: A recycle gathers pile 1, then pile 2, then pile 3: pile 3's bottom card comes first
      Given a table:
        """
            5♠
          Q♥  9♥
        waste: 2♣ [3♣]
        waste 2: [4♣]
        waste 3: 5♣ [6♣]
        stock: 7♣
        """
      When I tap the stock
      Then the waste is 2♣ 3♣ 7♣
      When I tap the stock
      Then the stock holds 6 cards
      And the waste is empty
      And waste pile 2 is empty
      And waste pile 3 is empty
      And the move counter is 2
      And the game goes on
      When I tap the stock
      Then the waste is 5♣
      And waste pile 2 is 6♣
      And waste pile 3 is 4♣
      When I tap the stock
      Then the waste is 5♣ 2♣
      And waste pile 2 is 6♣ 3♣
      And waste pile 3 is 4♣ 7♣
      And the stock is empty
