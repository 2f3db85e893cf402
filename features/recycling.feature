Feature: Recycling the waste
  Once the stock is empty, a tap on it recycles: the whole waste is turned over and becomes the
  stock again, keeping its order. The bottom card of the waste becomes the top of the stock, so it
  is the next card drawn: the card dealt face up at the start if it is still there, else the
  earliest drawn card left. In the app the player may recycle as often as they like.

  Background:
    Given the rules under test

  Rule: RECYCLE-ORDER: Tapping the empty stock turns the whole waste back, in the same order
    Tapping the stock when it is empty and the waste is not turns every waste card back into the
    stock, face down, as one move. The order is kept: the cards come out again in the order they
    were first drawn, so the first card drawn after a recycle is the one that was at the bottom of
    the waste, and the waste is empty until then.

    Sources: app-fr « La pioche et la défausse »; app-hu « A húzópakli és a dobópakli ».

    @RECYCLE-ORDER @STOCK-DRAW
    Scenario: The waste becomes the stock again, its bottom card on top
      Given a table:
        """
            5♠
          Q♥  9♥
        waste: 2♣ 3♣ [4♣]
        """
      When I tap the stock
      Then the stock holds 3 cards
      And the waste is empty
      When I tap the stock
      Then the waste is 2♣
      When I tap the stock
      Then the waste is 2♣ 3♣
      When I tap the stock
      Then the waste is 2♣ 3♣ 4♣
      And the stock is empty

    @RECYCLE-ORDER
    Scenario: A waste of one card is recycled too
      Given a table:
        """
            5♠
          Q♥  9♥
        waste: [2♣]
        """
      When I tap the stock
      Then the stock holds 1 card
      And the waste is empty
      And the move counter is 1

  Rule: RECYCLE-UNLIMITED: The stock can be recycled without limit
    There is no limit on how many times the waste may be turned back into the stock.

    Sources:
    app-fr « En bref », « La pioche et la défausse », « Les choix de l’app et la règle traditionnelle »;
    app-hu « Röviden », « A húzópakli és a dobópakli », « Az app döntései és a hagyományos szabály »;
    traditional « 8. Variantes ».

    @RECYCLE-UNLIMITED @END-PLAY-GOES-ON @STOCK-DRAW
    Scenario: There is no limit to the passes through the stock
      Given a table:
        """
            5♠
          Q♥  9♥
        stock: 2♣ 3♣
        """
      When I tap the stock 30 times
      Then the stock holds 2 cards
      And the waste is empty
      And the move counter is 30
      When I tap the stock
      Then the waste is 2♣
      And the game goes on

  Rule: RECYCLE-WITH-DRAW: One tap on the empty stock recycles and draws: two moves, two undos
    On an engine that declares it, a tap on the empty stock turns the waste over and at once draws
    the first card (or cards) of the new stock. It is a recycle and a draw made by one command: the
    move counter counts both, and undo takes them back one at a time, the draw first. Every other
    rule reads such an engine as if the draw came with the next tap.

    Sources: app-fr « La marque », « Annuler et code de partie »;
    pysolfc « stack.py: DealRowRedealTalonStack ».

    @RECYCLE-WITH-DRAW @RECYCLE-ORDER @STOCK-DRAW @MOVES-COUNT @UNDO-RESTORES
    Scenario: One tap turns the waste over and draws again; undo takes back the draw, then the recycle
      Only on a game that declares it: such a game's recycle brings the first card of the new
      stock with it, which every other scenario reads as drawn by the next tap.
      Given a table:
        """
            K♦
          9♣  Q♥
        waste: 5♣ [2♦]
        stock: 9♦
        """
      When I tap the stock
      And I tap the stock
      Then the waste is 5♣
      And the stock holds 2 cards
      And the move counter is 3
      When I undo
      Then the waste is empty
      And the stock holds 3 cards
      When I undo
      Then the waste is 5♣ 2♦ 9♦
      And the stock is empty
