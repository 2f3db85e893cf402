Feature: Variant: the Spanish pyramid, 48 cards and pairs of 12
  The classic page's Spanish pyramid is played with the Spanish deck. The rule set takes the
  48-card deck: in each of the four suits, oros, copas, espadas and bastos, the A and 2 to 9, then
  the sota, the caballo and the rey, worth 10, 11 and 12; no card is called ten. Pairs make 12
  instead of 13, and the rey, the deck's King, is worth 12 on its own and goes alone. The rest is
  the app's: 28 cards in the pyramid, one turned onto the waste, the other 19 in the stock, and the
  pyramid cleared wins; a wrong sum says the sum must be 12.

  A Spanish card is written rank then suit, in letters: S, C and R for the sota, the caballo and
  the rey; O, P, E and B for the suits. CP is the caballo de copas, 7B the 7 de bastos. The other
  files' tables are drawn with French cards, so their scenarios are outside these rules; the ones
  below show the app's rules that matter most with Spanish cards, and redrawn/spanish.feature
  plays the rest of the app's scenarios again with Spanish cards making the same pairs.

  Background:
    Given the rules under test

  Rule: VAR-SPANISH-DECK: One 48-card Spanish deck: A, 2 to 9, sota, caballo and rey
    A game uses a single Spanish deck of 48 cards, no joker: four suits (oros, copas, espadas,
    bastos) of 12 ranks, the A and 2 to 9 worth their number, then the sota worth 10, the caballo 11
    and the rey 12; no card is called ten. Each card is on the table exactly once when play starts
    (with the app's deal, 28 in the pyramid, 1 on the waste and the other 19 in the stock). The rey
    is the deck's King, so a rule that speaks of the King means the rey. A card is written rank then
    suit, in letters (S, C, R; O, P, E, B): CP is the caballo de copas.

    Sources: classic « Variantes courantes ».

    @VAR-SPANISH-DECK @DEAL-PYRAMID @DEAL-WASTE-CARD
    Scenario: A deal uses every card of the 48-card deck once: 28 in the pyramid, 1 on the waste, 19 in the stock
      Given a new deal shuffled by the game
      Then the pyramid has 7 rows of 1 to 7 cards, every place filled
      And the waste holds 1 card
      And the stock holds 19 cards
      And all 48 cards of the Spanish deck are on the table, each once

    @VAR-SPANISH-DECK @OPEN-CODE-LETTER @implementation-defined @profile-spanish
    Scenario: In the reference engine PY1-E-AAAAAAS shuffles the Spanish deck
      The letter E deals Spanish cards from the same seven characters as the app's PY1-N-AAAAAAS,
      shuffling the 48 cards from the deck's own order, so the cards are not the app's.
      Given the deal PY1-E-AAAAAAS
      Then the pyramid is:
        """
                    9P
                  5O  2O
                CO  SB  9O
              4E  SO  AB  RP
            9B  2P  AE  2E  AP
          4O  8B  4P  3E  7P  8P
        6O  9E  3B  6P  6B  2B  4B
        """
      And the waste is SP
      And the stock holds 19 cards

    @VAR-SPANISH-DECK @CODE-REDEAL @CODE-FORMAT
    Scenario: A deal's code deals the same Spanish cards again
      Given a new deal shuffled by the game
      Then the code shown is a deal code
      When I tap the stock
      And I deal the code shown again
      Then the table is the same as the first deal

    @VAR-SPANISH-DECK @STOCK-DRAW @RECYCLE-ORDER @RECYCLE-UNLIMITED @END-PLAY-GOES-ON @MOVES-COUNT
    Scenario: The stock is drawn and recycled as in the app, without limit
      No card here can ever be removed, yet drawing and recycling go on.
      Given a table:
        """
            5E
          SO  9O
        waste: [CP]
        stock: AE 4B
        """
      When I tap the stock
      Then the waste is CP AE
      When I tap the stock
      Then the waste is CP AE 4B
      When I tap the stock
      Then the stock holds 3 cards
      And the waste is empty
      When I tap the stock
      Then the waste is CP
      And the move counter is 4
      When I tap the stock 24 times
      Then the waste is CP
      And the stock holds 2 cards
      And the move counter is 28
      And the game goes on

    @VAR-SPANISH-DECK @STOCK-OUT-OF-PLAY @FREE-WASTE-TOP @WASTE-DRAWN-ALONE @STOCK-DRAW
    Scenario: Only the waste top is in play, as in the app
      The 5B and the 7O make 12, but neither the stock's top card nor, once it is drawn onto the
      7O, the card under it is in play.
      Given a table:
        """
            5O
          2P  9E
        waste: [7O]
        stock: 5B SE
        """
      When I tap the stock's top card
      Then nothing is selected
      When I tap the stock
      And I tap the waste then the card beneath the waste top
      Then the waste is 7O 5B
      And the move counter is 1

  Rule: VAR-SPANISH-PAIRS-TWELVE: Two free cards worth 12 together are removed; a wrong sum asks for 12
    Pairs make 12 instead of 13: tapping one free card and then another whose values add up to 12
    removes both at once, as one move, whatever their suits. The pairs are therefore A + caballo,
    2 + sota, 3 + 9, 4 + 8, 5 + 7 and 6 + 6. Two free cards that do not make 12 (13 included) are
    both left and nothing is counted; the second card stays selected and the message sum-must-equal
    is shown with target 12.

    Sources: classic « Variantes courantes ».

    @VAR-SPANISH-PAIRS-TWELVE
    Scenario Outline: Two free cards worth 12 together leave the pyramid
      Given a table:
        """
              RO
          <first>  <second>
        stock: 2B
        """
      When I tap <first> then <second>
      Then <first> and <second> are removed
      And the pyramid is:
        """
            RO
          --  --
        """

      Examples: the six pairs, suits mixed
        | first | second |
        | AO    | CP     |
        | 2E    | SB     |
        | 3P    | 9O     |
        | 4B    | 8E     |
        | 5O    | 7B     |
        | 6P    | 6E     |

      Examples: the order of the taps and the suits do not matter
        | first | second |
        | CB    | AB     |
        | 9E    | 3E     |

    @VAR-SPANISH-PAIRS-TWELVE @TAP-SELECT
    Scenario Outline: Two cards that do not make 12 both stay, even when they make 13
      Given a table:
        """
              RO
          <first>  <second>
        stock: 2B
        """
      When I tap <first>
      Then <first> is selected
      When I tap <second>
      Then <first> and <second> are still in the pyramid
      And <second> is selected
      And the player reads « La somme doit être égale à 12 »
      And the score is 0
      And the move counter is 0

      Examples: the app's pairs of 13, and a sum of 11
        | first | second |
        | 6O    | 7P     |
        | CE    | 2P     |
        | SO    | 3E     |
        | 4P    | 9B     |
        | AO    | SB     |

    @VAR-SPANISH-PAIRS-TWELVE @MSG-TEXTS @TAP-SELECT
    Scenario Outline: The wrong-sum message asks for 12, word for word
      Given a table:
        """
            5E
          9O  4B
        stock: 2O
        """
      When I tap 9O then 4B
      Then the player reads « <text> » in <language>

      Examples:
        | language | text                                  |
        | fr       | La somme doit être égale à 12         |
        | hu       | Az összegnek ennyinek kell lennie: 12 |

    @VAR-SPANISH-PAIRS-TWELVE @WASTE-PAIRS @STOCK-DRAW @SCORE-PYRAMID-CARD @SCORE-NOTHING-ELSE
    Scenario: A card just drawn pairs with a free pyramid card
      Given a table:
        """
            5O
          2P  9E
        waste: [7B]
        stock: SE
        """
      When I tap the stock
      And I tap the waste then 2P
      Then 2P and SE are removed
      And the waste top is 7B
      And the score is 10

    @VAR-SPANISH-PAIRS-TWELVE @PAIR-NOT-COVERING @VAR-SPANISH-REY-ALONE
    Scenario: A card does not pair with the card still lying on it
      Once the RB is removed, only the 6P still covers the 6O: they make 12 but stay.
      Given a table:
        """
            6O
          6P  RB
        stock: 2B
        """
      When I tap RB
      And I tap 6P then 6O
      Then 6O and 6P are still in the pyramid
      And the score is 10

    @VAR-SPANISH-PAIRS-TWELVE @SCORE-WIN-280 @END-WIN @VAR-SPANISH-REY-ALONE
    Scenario: A whole pyramid cleared is worth 280
      Each row is cleared from the bottom up: the reyes alone, the others in pairs of 12.
      Given a table:
        """
                    RB
                  AB  CB
                RO  2B  SB
              3B  9B  4B  8B
            RP  5B  7B  6B  6O
          AO  CO  2O  SO  3O  9O
        RE  4O  8O  5O  7O  6P  6E
        waste: [AP]
        stock: CP 2P SP 3P 9P 4P 8P 5P 7P AE CE 2E SE 3E 9E 4E 8E 5E 7E
        """
      When I tap RE, 4O then 8O, 5O then 7O, 6P then 6E
      And I tap AO then CO, 2O then SO, 3O then 9O
      And I tap RP, 5B then 7B, 6B then 6O
      And I tap 3B then 9B, 4B then 8B
      And I tap RO, 2B then SB
      And I tap AB then CB
      Then the score is 270
      And the stock holds 19 cards
      When I tap RB
      Then the game is won
      And the score is 280

    @VAR-SPANISH-PAIRS-TWELVE @UNDO-RESTORES @UNDO-COUNTER-KEEPS
    Scenario: Undo puts a pair of 12 back
      Given a table:
        """
            RO
          5O  7B
        stock: 2B
        """
      When I tap 5O then 7B
      And I undo
      Then the cards and the score are as they were at the start
      And the move counter is at least 1

  Rule: VAR-SPANISH-REY-ALONE: A free rey is removed alone with one tap
    The rey is worth 12 on its own: a single tap removes a free pyramid rey or a rey on top of the
    waste, without a partner, as one move.

    Sources: classic « Variantes courantes ».

    @VAR-SPANISH-REY-ALONE @SCORE-PYRAMID-CARD @SCORE-NOTHING-ELSE @MOVES-COUNT
    Scenario: A free rey is removed alone, from the pyramid or from the waste
      Given a table:
        """
            5E
          RB  9P
        waste: 4O [RE]
        stock: 2O
        """
      When I tap RB
      Then RB is removed
      And the score is 10
      And the move counter is 1
      When I tap the waste
      Then RE is removed
      And the waste top is 4O
      And the score is 10
      And the move counter is 2

    @VAR-SPANISH-REY-ALONE @FREE-PYRAMID @DEAL-COVERING @TAP-BLOCKED
    Scenario: A covered rey stays
      Given a table:
        """
            RP
          2O  9O
        stock: 2B
        """
      When I tap RP
      Then RP is still in the pyramid
      And nothing is selected
      And the player reads « Cette carte est bloquée par une autre »
      And the score is 0

    @VAR-SPANISH-REY-ALONE @END-NO-MORE-MOVES @VAR-SPANISH-PAIRS-TWELVE
    Scenario: Nothing left to draw, recycle or remove: no more moves
      The 9O and the 6E make 15, a 6 makes 12 with another 6 but never with itself, and the 5B
      lies under them.
      Given a table:
        """
            5B
          9O  6E
        waste: [RO]
        """
      When I tap the waste
      Then RO is removed
      And the game is over with no more moves
      And the player reads « Plus aucun coup possible »

    @VAR-SPANISH-REY-ALONE @UNDO-LAST-100 @RECYCLE-UNLIMITED
    Scenario: Only the last 100 moves can be undone
      101 moves: RB is removed, RE is removed, then 99 taps on the stock draw and recycle its two
      cards. A hundred undos take back everything after the first move; the 101st would have to
      take back RB, beyond the last 100 moves: nothing changes.
      Given a table:
        """
            5O
          RB  RE
        stock: 2O 3O
        """
      When I tap RB
      And I tap RE
      And I tap the stock 99 times
      And I undo 100 times
      Then the cards and the score are as they were after tap 1
      When I undo
      Then the cards and the score are as they were after tap 1
