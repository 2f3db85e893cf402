Feature: Scoring
  The score starts at 0 and only pyramid cards earn points: 10 for each one removed. A pair of two
  pyramid cards is worth 20, a pyramid card paired with the waste top 10, a pyramid King 10. Cards
  from the waste, draws and recycles earn nothing. A won game has removed all 28 pyramid cards, so
  it always scores 280.

  Background:
    Given the rules under test

  Rule: SCORE-PYRAMID-CARD: Each pyramid card removed scores 10; the score starts at 0
    The score starts at 0 and each card removed from the pyramid adds 10: a pair of two pyramid
    cards scores 20, a pyramid card paired with the waste top 10, a pyramid King 10.

    Sources: app-fr « La marque »; app-hu « A pontozás ».

    @SCORE-PYRAMID-CARD @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
    Scenario Outline: A pyramid card removed earns 10
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      Then the score is 0
      When I tap <taps>
      Then the score is <score>

      Examples:
        | removal                     | taps       | score |
        | a pair of two pyramid cards | 4♦ then 9♣ | 20    |
        | a King of the pyramid       | K♥         | 10    |

    @SCORE-PYRAMID-CARD @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
    Scenario: Points add up card by card
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 2♥
        """
      When I tap 4♦ then 9♣
      And I tap K♥
      And I tap 5♣ then 8♣
      Then the score is 50

    @SCORE-PYRAMID-CARD @MOVES-COUNT @PAIR-THIRTEEN @KING-ALONE
    Scenario Outline: With a single card on the waste too, each pyramid card removed scores 10
      One card on the waste is a table every rule set with a stock can have, the ones whose
      waste keeps only the last card drawn included.
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: [K♣]
        stock: K♦ 8♥
        """
      When I tap <taps>
      Then the score is <score>
      And the move counter is <moves>

      Examples:
        | removal                        | taps            | score | moves |
        | a pair of two pyramid cards    | 4♦ then 9♣      | 20    | 1     |
        | a King of the pyramid          | K♥              | 10    | 1     |
        | a pair, then a King            | 4♦ then 9♣, K♥  | 30    | 2     |

  Rule: SCORE-NOTHING-ELSE: Waste cards, draws and recycles score nothing
    A card taken from the waste, or from any pile outside the pyramid, adds nothing (a King removed
    from the waste scores 0), and drawing or recycling neither adds nor costs points.

    Sources: app-fr « La marque »; app-hu « A pontozás ».

    @SCORE-NOTHING-ELSE @SCORE-PYRAMID-CARD @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE @WASTE-PAIRS
    Scenario Outline: Waste cards earn nothing
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      Then the score is 0
      When I tap <taps>
      Then the score is <score>

      Examples:
        | removal                                      | taps                             | score |
        | a King from the waste                        | the waste                        | 0     |
        | the waste King, then a pyramid card and 4♠   | the waste, 9♣ then the waste     | 10    |

    @SCORE-NOTHING-ELSE @STOCK-DRAW
    Scenario: A draw earns nothing
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      When I tap the stock
      Then the score is 0

    @SCORE-NOTHING-ELSE @STOCK-DRAW @RECYCLE-ORDER
    Scenario: A recycle earns nothing either
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: 4♠ [K♣]
        stock: 8♥
        """
      When I tap the stock, the stock
      Then the score is 0

    @SCORE-NOTHING-ELSE @VAR-GIZA-RESERVE-TOPS @PAIR-THIRTEEN @KING-ALONE
    Scenario: On Giza's reserves too, the cards taken from them earn nothing
      A King leaves a reserve alone for nothing; a reserve top paired with a pyramid card adds
      only the pyramid card's 10.
      Given a table:
        """
              Q♠
            5♣  8♣
        reserve 1: 4♠ [K♣]
        reserve 2: [5♦]
        """
      When I tap reserve 1
      Then the score is 0
      When I tap 8♣ then reserve 2
      Then the score is 10
      And reserve 2 is empty

    @SCORE-NOTHING-ELSE @KING-ALONE @WASTE-PAIRS @PAIR-THIRTEEN
    Scenario Outline: With a single card on the waste too, only the pyramid's cards score
      One card on the waste is a table every rule set with a stock can have, the ones whose
      waste keeps only the last card drawn included.
      Given a table:
        """
              Q♠
            5♣  8♣
          4♦  9♣  K♥
        waste: <waste>
        stock: K♦ 8♥
        """
      When I tap <taps>
      Then the score is <score>

      Examples:
        | removal                              | waste | taps              | score |
        | the King on the waste                | [K♣]  | the waste         | 0     |
        | a pyramid card with the waste's card | [4♠]  | 9♣ then the waste | 10    |
        | a pyramid King, then the waste King  | [K♣]  | K♥, the waste     | 10    |

  Rule: SCORE-WIN-280: A won game is always worth 280
    A won game always ends with exactly 280 points: 28 pyramid cards at 10 each, whatever the line
    played.

    Sources: app-fr « La marque »; app-hu « A pontozás ».

    @SCORE-WIN-280 @END-WIN @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
    Scenario: A whole pyramid cleared is worth 280
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
        waste: [A♥]
        stock: Q♥ 2♥ J♥ 3♥ 10♥ 4♥ 9♥ 5♥ 8♥ 6♥ 7♥ A♠ Q♠ 2♠ J♠ 3♠ 10♠ 4♠ 9♠ 5♠ 8♠ 6♠ 7♠
        """
      When I tap K♠, 4♦ then 9♦, 5♦ then 8♦, 6♦ then 7♦
      And I tap A♦ then Q♦, 2♦ then J♦, 3♦ then 10♦
      And I tap K♥, 5♣ then 8♣, 6♣ then 7♣
      And I tap 3♣ then 10♣, 4♣ then 9♣
      And I tap K♦, 2♣ then J♣
      And I tap A♣ then Q♣
      Then the score is 270
      And the stock holds 23 cards
      When I tap K♣
      Then the game is won
      And the score is 280

    @SCORE-WIN-280 @VAR-STRICT-WIN @PAIR-THIRTEEN @KING-ALONE
    Scenario: Under the strict win too, the whole table cleared is worth 280: the waste's cards score nothing
      The pyramid's two Queens pair with the two Aces of the waste; the last King empties the table.
      Given a table:
        """
                    K♣
                  Q♥  Q♣
                K♦  2♣  J♣
              3♣  10♣ 4♣  9♣
            K♥  5♣  8♣  6♣  7♣
          A♦  Q♦  2♦  J♦  3♦  10♦
        K♠  4♦  9♦  5♦  8♦  6♦  7♦
        waste: A♣ [A♥]
        """
      When I tap K♠, 4♦ then 9♦, 5♦ then 8♦, 6♦ then 7♦
      And I tap A♦ then Q♦, 2♦ then J♦, 3♦ then 10♦
      And I tap K♥, 5♣ then 8♣, 6♣ then 7♣
      And I tap 3♣ then 10♣, 4♣ then 9♣
      And I tap K♦, 2♣ then J♣
      And I tap Q♥ then the waste, Q♣ then the waste
      Then the score is 270
      And the waste is empty
      When I tap K♣
      Then the game is won
      And the score is 280

  Rule: SCORE-ONE-PER-CARD: One point per card removed
    The score counts the cards removed, one point each, wherever they lay (pyramid, waste or stock),
    and a card a draw takes out of play (VAR-WASTE-LAST-ONLY) with them: on any table it equals the
    number of cards of the game that are not on it, at most the number the game is played with (52,
    48 with the Spanish deck, 104 with two).

    Sources: classic « Victoire »; aisleriot « Scoring »; soliterm « pyramid.py ».

    @SCORE-ONE-PER-CARD @DEAL-DECK @STOCK-DRAW
    Scenario: A game that scores one point per card counts every card removed from the table
      AisleRiot's Thirteen scores one point for each card removed, from the pyramid, the waste
      or the stock; the cards this table leaves out count as removed already (52 − 6 = 46).
      Given a table:
        """
            K♦
          6♣  7♥
        waste: [Q♠]
        stock: A♣ 2♦
        """
      Then the score shows 46
      When I tap 6♣ then 7♥
      Then the score shows 48
      When I tap the stock
      Then the score shows 48
