Feature: Variant: a limited number of passes through the stock
  The app lets the player recycle the waste as often as they like. Stricter rule books allow a set
  number of passes through the stock: with a single pass the waste is never recycled, with three
  passes it is recycled twice. The scenarios below hold for any number of passes: they go through
  every pass the rules under test allow. Once the passes are used up, a tap on the empty stock does
  nothing, and a game with nothing left to play has no more moves.

  Background:
    Given the rules under test

  Rule: VAR-LIMITED-PASSES: A limited number of passes through the stock, or a single one
    The waste may be turned back into the stock only a fixed number of times (none at all for a
    single pass). Once the stock is empty and no recycle is left, tapping the stock does nothing,
    and the game is declared stuck (no-more-moves) as soon as no pair and no King can be removed,
    even if the waste still holds cards.

    Sources: app-fr « Les choix de l’app et la règle traditionnelle »;
    app-hu « Az app döntései és a hagyományos szabály »;
    traditional « 4. But et victoire », « 7. Règles spéciales et situations », « 8. Variantes »;
    classic « Déroulement du jeu », « Variantes courantes ».

    @VAR-LIMITED-PASSES
    Scenario: The waste is recycled only as many times as the rules allow
      Each pass draws the whole stock; between two passes a tap on the empty stock turns the
      waste back into the stock. After the last pass that tap changes nothing.
      Given a table:
        """
            5♣
          9♦  3♠
        stock: 2♥ 6♥
        """
      When I go through the stock as many times as the rules allow
      Then the stock is empty
      And the game is over with no more moves
      When I tap the stock
      Then the stock is empty
      And the cards and the score are as they were before the last tap

    @VAR-LIMITED-PASSES
    Scenario: After the last pass, the game ends when the last pair is played
      Given a table:
        """
            5♣
          9♦  3♠
        stock: 2♥ 4♥
        """
      When I go through the stock as many times as the rules allow
      Then the game goes on
      When I tap 9♦ then 4♥
      Then 9♦ and 4♥ are removed
      And the game is over with no more moves

    @VAR-LIMITED-PASSES @KING-ALONE @STOCK-DRAW
    Scenario: After the last pass, a King on the waste keeps the game going
      No recycle is left and no two cards make 13, but the K♥ on top of the waste is free: the
      game is not over until it is removed.
      Given a table:
        """
            5♣
          9♦  3♠
        stock: 2♥ K♥
        """
      When I go through the stock as many times as the rules allow
      Then the waste top is K♥
      And the game goes on
      When I tap the waste
      Then K♥ is removed
      And the game is over with no more moves

    @VAR-LIMITED-PASSES @UNDO-RESTORES @RECYCLE-ORDER @STOCK-DRAW
    Scenario: Undoing a recycle gives its pass back, and only that one
      Undo takes back the two draws of the last pass and the recycle before them: that recycle
      may be made again, and once more the passes are used up.
      Given a table:
        """
            5♣
          9♦  3♠
        stock: 2♥ 6♥
        """
      When I go through the stock as many times as the rules allow
      And I undo 3 times
      Then the stock is empty
      And the waste is 2♥ 6♥
      When I tap the stock
      Then the stock holds 2 cards
      And the waste is empty
      When I tap the stock 2 times
      Then the stock is empty
      When I tap the stock
      Then the stock is empty
      And the cards and the score are as they were before the last tap

    @VAR-LIMITED-PASSES @VAR-APOPHIS-TOPS @VAR-APOPHIS-WASTES
    Scenario: After the last pass, the top of waste pile 2 alone keeps the game going
      Each recycle deals the three cards again, pile 3's first: the 4♦ stays on pile 2, and the
      3♣ and the 5♥ pair with nothing. The 4♦ and the 9♥ are the only pair left.
      Given a table:
        """
            5♣
          2♣  9♥
        waste: [3♣]
        waste 2: [4♦]
        waste 3: [5♥]
        """
      When I go through the stock as many times as the rules allow
      Then waste pile 2 is 4♦
      And the game goes on
      When I tap 9♥ then waste pile 2
      Then 9♥ and 4♦ are removed
      And the game is over with no more moves
