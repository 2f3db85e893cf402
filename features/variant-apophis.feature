Feature: Variant: Apophis, three waste piles
  The classic page's Apophis lays out three waste piles side by side: each card drawn from the
  stock goes onto whichever pile the player names, and the top card of every pile is in play. The
  page says nothing more, so the rest is the app's: the deal turns one card onto pile 1, the
  stock may be recycled without limit, pairs make 13, a King goes alone, and clearing the pyramid
  wins. A recycle gives the piles back pile 1 first, each in the order its cards were put down.

  PySolFC's Apophis (game 658, rule set pysolfc-apophis) chooses no pile: a tap on the stock deals
  one card onto each pile, left to right, the deal itself starts each pile with one card, three
  passes are allowed, and its recycle gathers pile 1 first and deals a row in the same move. The
  rules of that game are the second half of this file; a draw that names a pile is outside them.

  Pile 1 is the pile the other files call the waste; the tables draw the other two as
  `waste 2: J♥ [7♣]` and `waste 3:`, bottom card first and the top card in brackets, and the steps
  name them "waste pile 2" and "waste pile 3". "I draw onto waste pile 2" is a draw that names its
  pile; "I tap the stock" names none, and under the page's rules draws onto pile 1.

  Background:
    Given the rules under test

  Rule: VAR-APOPHIS-CHOICE: Three waste piles: each card drawn goes onto the pile the player names
    Three waste piles lie side by side instead of one. A draw turns the stock's top card face up
    onto whichever of the three piles the player names, pile 1, 2 or 3, one card at a time; it is
    one move, allowed at any time, and the other piles are left as they were. Pile 1 is the pile the
    app's rules call the waste: a tap on the stock that names no pile draws onto it.

    Sources: classic « Variantes courantes ».

    @VAR-APOPHIS-CHOICE @MOVES-COUNT
    Scenario: A draw onto pile 2, then one onto pile 3, each turns one card onto that pile
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        waste 2: [Q♠]
        stock: 3♣ 8♥ Q♦ 6♠
        """
      When I draw onto waste pile 2
      Then waste pile 2 is Q♠ 3♣
      And the waste is 7♦
      And waste pile 3 is empty
      And the stock holds 3 cards
      When I draw onto waste pile 3
      Then waste pile 3 is 8♥
      And waste pile 2 is Q♠ 3♣
      And the waste is 7♦
      And the stock holds 2 cards
      And the move counter is 2

    @VAR-APOPHIS-CHOICE @VAR-APOPHIS-TOPS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: Cards drawn onto piles 2 and 3 pair with each other
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [8♦]
        stock: 6♣ 7♥ Q♦
        """
      When I draw onto waste pile 2
      And I draw onto waste pile 3
      And I tap waste pile 2 then waste pile 3
      Then 6♣ and 7♥ are removed
      And waste pile 2 is empty
      And waste pile 3 is empty
      And the waste is 8♦

    @VAR-APOPHIS-CHOICE @VAR-APOPHIS-TOPS
    Scenario: A card drawn onto another pile leaves the top of pile 1 in play
      The 4♦ on pile 1 would be covered by a draw onto pile 1; drawn onto pile 3, the 9♥ still
      takes it.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [4♦]
        stock: 3♣ 8♥
        """
      When I draw onto waste pile 3
      And I tap 9♥ then the waste
      Then 9♥ and 4♦ are removed
      And waste pile 3 is 3♣

    @VAR-APOPHIS-CHOICE @MOVES-COUNT
    Scenario: A tap on the stock that names no pile draws onto pile 1
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        waste 2: [Q♠]
        stock: 3♣ 8♥ Q♦
        """
      When I tap the stock
      Then the waste is 7♦ 3♣
      And waste pile 2 is Q♠
      And waste pile 3 is empty
      And the stock holds 2 cards
      And the move counter is 1

    @VAR-APOPHIS-CHOICE @UNDO-RESTORES @UNDO-COUNTER-KEEPS
    Scenario: Undo takes a draw back from the pile it was put on
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        waste 2: [Q♠]
        stock: 3♣ 8♥ Q♦
        """
      When I draw onto waste pile 3
      And I undo
      Then the cards and the score are as they were at the start
      And the move counter is at least 1
      When I draw onto waste pile 2
      Then waste pile 2 is Q♠ 3♣
      And waste pile 3 is empty

  Rule: VAR-APOPHIS-CHOICE-DEAL: The deal turns one card onto pile 1; 23 form the stock
    The deal is the app's: after the pyramid, one card is turned face up onto pile 1, the waste, and
    the 23 cards left form the stock, face down. Piles 2 and 3 start empty, for the player's draws
    to fill.

    Sources: app-fr « La mise en place »; app-hu « A kezdőállás ».

    @VAR-APOPHIS-CHOICE-DEAL @DEAL-PYRAMID @DEAL-DECK
    Scenario: The deal turns one card onto pile 1 and leaves 23 in the stock
      Given a new deal shuffled by the game
      Then the pyramid has 7 rows of 1 to 7 cards, every place filled
      And the waste holds 1 card
      And waste pile 2 is empty
      And waste pile 3 is empty
      And the stock holds 23 cards
      And all 52 cards of one deck are on the table, each once

    @VAR-APOPHIS-CHOICE-DEAL @OPEN-CODE-LETTER @implementation-defined @profile-apophis
    Scenario: In the reference engine PY1-O-AAAAAAS deals the documented pyramid and 7♦ onto pile 1
      The seven characters of the app's PY1-N-AAAAAAS give the same pyramid and the same waste
      card under the letter O; the next card of the stock goes where the player draws it.
      Given the deal PY1-O-AAAAAAS
      Then the cards left in row 7 are 7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠
      And the waste is 7♦
      And waste pile 2 is empty
      And the stock holds 23 cards
      When I draw onto waste pile 3
      Then waste pile 3 is 2♥

    @VAR-APOPHIS-CHOICE-DEAL @VAR-APOPHIS-CHOICE @CODE-REDEAL @CODE-FORMAT
    Scenario: A code deals the same cards whatever piles the player draws onto
      Given a new deal shuffled by the game
      Then the code shown is a deal code
      When I draw onto waste pile 2
      And I draw onto waste pile 3
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

  Rule: VAR-APOPHIS-CHOICE-RECYCLE: A recycle turns pile 1, then pile 2, then pile 3 back, each in its own order
    Tapping the empty stock while a recycle is left turns the three waste piles back into the stock,
    face down, as one move, so that their cards come again pile by pile in the order they were put
    down: pile 1's from its bottom card up, then pile 2's, then pile 3's. With cards on pile 1 alone
    this is the app's recycle. The piles stay empty until the next draw, which the player again puts
    onto the pile of their choice.

    Sources: app-fr « La pioche et la défausse »; app-hu « A húzópakli és a dobópakli ».

    @VAR-APOPHIS-CHOICE-RECYCLE @VAR-APOPHIS-CHOICE @MOVES-COUNT @END-PLAY-GOES-ON
    Scenario: A recycle gives pile 1 back first, each pile from its bottom card
      Given a table:
        """
            5♠
          Q♥  9♥
        waste: 2♣ [3♣]
        waste 2: [4♣]
        waste 3: 5♣ [6♣]
        stock: 7♣
        """
      When I draw onto waste pile 3
      Then waste pile 3 is 5♣ 6♣ 7♣
      When I tap the stock
      Then the stock holds 6 cards
      And the waste is empty
      And waste pile 2 is empty
      And waste pile 3 is empty
      And the move counter is 2
      And the game goes on
      When I tap the stock 6 times
      Then the waste is 2♣ 3♣ 4♣ 5♣ 6♣ 7♣
      And the stock is empty

    @VAR-APOPHIS-CHOICE-RECYCLE @VAR-APOPHIS-CHOICE @UNDO-RESTORES
    Scenario: After a recycle the player chooses the piles again, and undo takes the recycle back
      Given a table:
        """
            5♠
          Q♥  9♥
        waste: [2♣]
        waste 2: [4♣]
        waste 3: [6♣]
        stock: 8♣
        """
      When I tap the stock 2 times
      And I draw onto waste pile 3
      And I draw onto waste pile 2
      Then waste pile 3 is 2♣
      And waste pile 2 is 8♣
      And the waste is empty
      When I undo 4 times
      Then the cards and the score are as they were at the start

    @VAR-APOPHIS-CHOICE-RECYCLE @RECYCLE-UNLIMITED @END-PLAY-GOES-ON
    Scenario: The stock is turned over as often as the player likes
      Two stock cards drawn onto pile 1 and a recycle make three taps: 30 taps are ten passes,
      and play goes on.
      Given a table:
        """
            5♠
          Q♥  9♥
        stock: 2♣ 3♣
        """
      When I tap the stock 30 times
      Then the stock holds 2 cards
      And waste pile 1 is empty
      And the move counter is 30
      And the game goes on

    @VAR-APOPHIS-CHOICE-RECYCLE @VAR-APOPHIS-CHOICE @RECYCLE-UNLIMITED
    Scenario: Cards drawn onto piles 2 and 3 come back at every recycle, pass after pass
      The second pass puts 3♣ onto pile 2, so the third pass draws it first.
      Given a table:
        """
            5♠
          Q♥  9♥
        stock: 2♣ 3♣
        """
      When I draw onto waste pile 2
      And I draw onto waste pile 3
      And I tap the stock
      Then the stock holds 2 cards
      When I draw onto waste pile 3
      And I draw onto waste pile 2
      And I tap the stock
      Then the stock holds 2 cards
      When I draw onto waste pile 2
      Then waste pile 2 is 3♣
      And the move counter is 7

  Rule: VAR-APOPHIS-WASTES: Three waste piles: a draw deals one card onto each
    Three waste piles lie side by side instead of one. A tap on the stock deals its next cards face
    up, one onto each pile from left to right (pile 1, pile 2, then pile 3; fewer when the stock
    runs out); this is one move, allowed at any time, and the player chooses no pile. Pile 1 is the
    pile the app's rules call the waste.

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

    @VAR-APOPHIS-DEAL @OPEN-CODE-LETTER @implementation-defined @profile-pysolfc-apophis
    Scenario: In the reference engine PY1-B-AAAAAAS deals the documented pyramid and 7♦, 2♥, J♥ on the piles
      The seven characters of the app's PY1-N-AAAAAAS give the same pyramid under the letter B;
      the app's waste card goes onto pile 1 and the next two cards onto piles 2 and 3.
      Given the deal PY1-B-AAAAAAS
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

  Rule: VAR-APOPHIS-RECYCLE-ORDER: A recycle gathers pile 1, then pile 2, then pile 3, and deals a row at once
    Tapping the empty stock while a recycle is left turns the three waste piles back into the stock
    and deals a row from it, all in one move that one undo takes back. Pile 1 is gathered first,
    then pile 2, then pile 3, each from its top card down and turned over, so that the stock holds
    pile 3's cards from its bottom card up, then pile 2's, then pile 1's; then its next cards are
    dealt, one onto each pile from left to right (fewer when fewer are left). The bottom card of
    pile 3 is thus the first card dealt again, onto pile 1, and the piles are never seen empty after
    a recycle.

    Sources: pysolfc « Apophis (game 658) », « stack.py: DealRowRedealTalonStack ».

    @VAR-APOPHIS-RECYCLE-ORDER @MOVES-COUNT @END-PLAY-GOES-ON
    Scenario: A recycle gathers pile 1, then pile 2, then pile 3 and deals pile 3's bottom card first
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
      Then the waste is 5♣
      And waste pile 2 is 6♣
      And waste pile 3 is 4♣
      And the stock holds 3 cards
      And the move counter is 2
      And the game goes on
      When I tap the stock
      Then the waste is 5♣ 2♣
      And waste pile 2 is 6♣ 3♣
      And waste pile 3 is 4♣ 7♣
      And the stock is empty

    @VAR-APOPHIS-RECYCLE-ORDER @UNDO-RESTORES
    Scenario: One undo takes back the recycle and the row it dealt
      Given a table:
        """
            5♠
          Q♥  9♥
        waste: 2♣ [3♣]
        waste 2: [4♣]
        waste 3: 5♣ [6♣]
        stock: 7♣
        """
      When I tap the stock 2 times
      And I undo
      Then the cards and the score are as they were before the last tap
      And waste pile 3 is 5♣ 6♣
