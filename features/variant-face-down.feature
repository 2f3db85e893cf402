Feature: Variant: covered cards are dealt face down
  In AisleRiot's Thirteen only the seven cards of the bottom row are dealt face up. Every other
  pyramid card lies face down until both cards covering it are removed; then it turns face up. A
  face-down card is never in play. A game shows such a card as "??", and so do the tables below.

  Background:
    Given the rules under test

  Rule: VAR-FACE-DOWN: Covered pyramid cards are dealt face down
    Only the 7 cards of the bottom row are dealt face up. Each covered card lies face down until
    both cards covering it are gone, then turns face up; a face-down card is never in play. An
    engine shows a face-down card as "??".

    Sources: aisleriot « Setup »; soliterm « pyramid.py ».

    @VAR-FACE-DOWN @DEAL-COVERING @DEAL-DECK
    Scenario: Only the bottom row is dealt face up
      Given a new deal shuffled by the game
      Then the pyramid has 7 rows of 1 to 7 cards, every place filled
      And only the bottom row of the pyramid lies face up

    @VAR-FACE-DOWN @FREE-PYRAMID
    Scenario: A card turns face up once both cards on it are removed
      Given a table:
        """
            9♠
          5♦  4♥
        K♣  K♦  J♥
        stock: 2♣
        """
      Then the pyramid is:
        """
            ??
          ??  ??
        K♣  K♦  J♥
        """
      When I tap K♣
      Then the pyramid is:
        """
            ??
          ??  ??
        --  K♦  J♥
        """
      When I tap K♦
      Then the pyramid is:
        """
            ??
          5♦  ??
        --  --  J♥
        """

    @VAR-FACE-DOWN @FREE-PYRAMID
    Scenario: A face-down card is never in play
      The 5♦ and the 8♣ make 13, but the 5♦ still lies face down under the K♦.
      Given a table:
        """
            9♠
          5♦  4♥
        K♣  K♦  J♥
        waste: [8♣]
        stock: 2♣
        """
      When I tap K♣
      And I tap the waste then 5♦
      Then 5♦ is still in the pyramid
      And the waste top is 8♣
