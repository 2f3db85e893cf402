Feature: The stock and the waste
  The stock is there for when the pyramid offers nothing: a tap on it draws its top card onto the
  waste, and the player may draw at any time, even with a pair on the table. The waste top is free:
  it pairs with a free pyramid card, or is removed alone if it is a King. In the app it is the only
  waste card in play, so a card just drawn does not pair with the card it has just covered.

  Background:
    Given the rules under test

  Rule: STOCK-DRAW: Tapping the stock turns its top card onto the waste, at any time
    Tapping a stock that still holds cards moves its top card, face up, onto the waste, where it
    becomes the waste top; this is one move. Drawing is allowed at any moment, whether or not a
    removal is possible.

    Sources: app-fr « La pioche et la défausse »; app-hu « A húzópakli és a dobópakli »;
    traditional « 5. Déroulement détaillé »; classic « Déroulement du jeu ».

    @STOCK-DRAW
    Scenario: Tapping the stock draws its top card onto the waste
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [7♦]
        stock: 3♣ 8♥ Q♦
        """
      When I tap the stock
      Then the waste is 7♦ 3♣
      And the stock holds 2 cards
      When I tap the stock
      Then the waste top is 8♥
      And the stock holds 1 card

    @STOCK-DRAW
    Scenario: Drawing is allowed even when a pair could be played
      The 9♥ and the 4♦ on the waste make 13, yet the player may draw instead.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [4♦]
        stock: 3♣
        """
      When I tap the stock
      Then the waste is 4♦ 3♣
      And the stock is empty
      And 9♥ is still in the pyramid

  Rule: STOCK-OUT-OF-PLAY: No card of the stock is in play
    The stock's cards lie face down and can only be drawn: none of them, not even the top one, pairs
    or goes as a King where it lies.

    Sources: app-fr « La pioche et la défausse »; app-hu « A húzópakli és a dobópakli ».

    @STOCK-OUT-OF-PLAY
    Scenario: The stock's top card is out of play until it is drawn
      The 4♣ would make 13 with the 9♦, but it is still in the stock.
      Given a table:
        """
            Q♣
          A♦  9♦
        stock: 4♣ K♠
        """
      When I tap the stock's top card then 9♦
      Then 9♦ is still in the pyramid
      And the stock holds 2 cards
      And the score is 0

  Rule: WASTE-PAIRS: The waste top pairs with a free pyramid card
    The waste top can be paired with a free pyramid card when their values make a pair (13 together,
    12 with the Spanish deck); both are removed as one move.

    Sources: app-fr « La pioche et la défausse »; app-hu « A húzópakli és a dobópakli »;
    traditional « 5. Déroulement détaillé »; classic « Déroulement du jeu ».

    @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario Outline: The waste top pairs with a free card of the pyramid
      Given a table:
        """
            5♠
          2♣  9♥
        waste: 7♦ [4♦]
        stock: 2♥
        """
      When I tap <first> then <second>
      Then 9♥ and 4♦ are removed
      And the waste top is 7♦

      Examples:
        | first     | second    |
        | 9♥        | the waste |
        | the waste | 9♥        |

    @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: A freshly drawn card pairs with the pyramid
      Given a table:
        """
            5♠
          2♣  9♥
        stock: J♠
        """
      When I tap the stock
      And I tap the waste then 2♣
      Then 2♣ and J♠ are removed
      And the waste is empty

  Rule: WASTE-DRAWN-ALONE: The drawn card does not pair with the waste card it covers
    A card just drawn never pairs with the waste card it has covered: only the waste top is in play,
    so two waste cards never form a pair.

    Sources: app-fr « La pioche et la défausse », « Les choix de l’app et la règle traditionnelle »;
    app-hu « A húzópakli és a dobópakli », « Az app döntései és a hagyományos szabály »;
    traditional « 11. Questions fréquentes ».

    @WASTE-DRAWN-ALONE
    Scenario: The drawn card does not pair with the waste card under it
      The 7♣ and the 6♦ make 13, but once the 7♣ is drawn onto the 6♦ only the 7♣ is in play.
      Given a table:
        """
            5♠
          2♣  9♥
        waste: [6♦]
        stock: 7♣
        """
      When I tap the stock
      And I tap the waste then the card beneath the waste top
      Then the waste is 6♦ 7♣
      And the move counter is 1
