Feature: Deal codes
  Every deal has a code, shown during play, of the form PY1-N-AAAAAAS: "PY1", a letter, then seven
  characters. Entering a code deals the same cards again, to replay a game or share it. The rules
  document two codes whose deals are fixed. PY1-N-AAAAAAS deals the layout below: its first move
  removes the K♦ of the bottom row, its second the pair 10♣ and 3♠. PY1-N-AAAAAAJ deals a game the
  app's rules say can never be won (at most 14 pyramid cards removed: a fact this rulebook cannot
  show by playing, which the reference's solver proves for the deal fixture
  spec/deals/py1-n-aaaaaaj.yaml), yet play goes on, since the stock can always be drawn and
  recycled. What the letter means is the app's own business; the reference engine reads it
  as the rule set the deal is played under (N: the app's rules).

  Background:
    Given the rules under test

  Rule: CODE-DOCUMENTED: The codes the rules document deal what they say
    PY1-N-AAAAAAS deals 7♦ to the waste, 23 cards to the stock and the pyramid J♦ / 6♣ 7♥ / A♠ 4♦ Q♠
    / 5♥ 3♦ 6♥ 8♠ / K♥ K♣ A♦ K♠ 9♣ / Q♣ 2♣ 8♦ 10♦ 10♠ J♠ / 7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠ (apex first); after
    its first two moves, K♦ then 10♣ + 3♠, the bottom row holds 7♣ 3♥ 4♥ 7♠. PY1-N-AAAAAAJ deals a
    game in which no line removes more than 14 pyramid cards under the app's rules.

    Sources: app-fr « La mise en place », « Les paires qui font 13 », « La fin de partie »;
    app-hu « A kezdőállás », « A 13 összértékű párok », « A játszma vége ».

    @CODE-DOCUMENTED @DEAL-PYRAMID
    Scenario: PY1-N-AAAAAAS deals the documented layout
      Given the deal PY1-N-AAAAAAS
      Then the pyramid is:
        """
                    J♦
                  6♣  7♥
                A♠  4♦  Q♠
              5♥  3♦  6♥  8♠
            K♥  K♣  A♦  K♠  9♣
          Q♣  2♣  8♦  10♦ 10♠ J♠
        7♣  10♣ 3♥  4♥  3♠  K♦  7♠
        """

    @CODE-DOCUMENTED
    Scenario: PY1-N-AAAAAAS deals the documented bottom row, which shows face up in any rule set
      Given the deal PY1-N-AAAAAAS
      Then the cards left in row 7 are 7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠

    @CODE-DOCUMENTED
    Scenario: PY1-N-AAAAAAS turns the documented 7♦ onto the waste and leaves 23 cards in the stock
      Given the deal PY1-N-AAAAAAS
      Then the waste is 7♦
      And the stock holds 23 cards

    @CODE-DOCUMENTED @KING-ALONE @PAIR-THIRTEEN
    Scenario: The documented first two moves of PY1-N-AAAAAAS
      Given the deal PY1-N-AAAAAAS
      When I tap K♦
      Then K♦ is removed
      When I tap 10♣ then 3♠
      Then 10♣ and 3♠ are removed
      And the cards left in row 7 are 7♣ 3♥ 4♥ 7♠
      And the score is 30
      And the move counter is 2

    @CODE-DOCUMENTED @END-PLAY-GOES-ON @RECYCLE-UNLIMITED @STOCK-DRAW
    Scenario: PY1-N-AAAAAAJ stays in play: draws and recycles stay possible
      Given the deal PY1-N-AAAAAAJ
      When I tap the stock 23 times
      Then the stock is empty
      And the waste holds 24 cards
      And the game goes on
      When I tap the stock
      Then the stock holds 24 cards
      And the game goes on
      When I tap the stock 25 times
      Then the stock holds 24 cards
      And the move counter is 49
      And the game goes on

  Rule: CODE-FORMAT: Every deal has a code PY1-<letter>-<7 characters>, shown during play
    Every deal has a code made of PY1, a letter and seven characters, separated by hyphens (for
    example PY1-N-AAAAAAS), and the code stays visible while the game is played.

    Sources: app-fr « Annuler et code de partie »; app-hu « Visszavonás és játszmakód ».

    @CODE-FORMAT
    Scenario: The code is shown during play
      Given the deal PY1-N-AAAAAAS
      Then the code shown is PY1-N-AAAAAAS
      And the code shown is a deal code
      When I tap K♦
      And I tap the stock
      Then the code shown is PY1-N-AAAAAAS

  Rule: CODE-REDEAL: A code deals exactly the same cards again
    Starting a new game from a deal code deals exactly the same cards to the same places (pyramid,
    waste and stock) every time.

    Sources: app-fr « Annuler et code de partie »; app-hu « Visszavonás és játszmakód ».

    @CODE-REDEAL
    Scenario Outline: The same code deals the same cards again
      Given the deal <code>
      When I tap the stock 3 times
      And I deal <code> again
      Then the table is the same as the first deal

      Examples:
        | code          |
        | PY1-N-AAAAAAS |
        | PY1-N-AAAAAAJ |
        | PY1-N-AAAAAAA |
        | PY1-N-7777777 |

      Examples: under Giza, the Triangle, the Spanish deck, King Tut and both Apophis
        | code          |
        | PY1-G-AAAAAAJ |
        | PY1-G-AAAAAAA |
        | PY1-G-7777777 |
        | PY1-V-AAAAAAJ |
        | PY1-V-AAAAAAA |
        | PY1-V-7777777 |
        | PY1-E-AAAAAAJ |
        | PY1-E-AAAAAAA |
        | PY1-E-7777777 |
        | PY1-K-AAAAAAJ |
        | PY1-K-AAAAAAA |
        | PY1-O-AAAAAAJ |
        | PY1-O-7777777 |
        | PY1-B-AAAAAAJ |
        | PY1-B-7777777 |

  Rule: OPEN-CODE-LETTER: What the letter in a deal code means
    The documents only show codes with the letter N. The reference engine reads the letter as the
    profile the deal is played under (N for the app's rules; the others as in spec/profiles.yaml),
    so a code names both the cards and the rules. The suite only requires that the documented N
    codes deal what the rules say.

    Sources: app-fr « Annuler et code de partie »; app-hu « Visszavonás és játszmakód ».

    @OPEN-CODE-LETTER @implementation-defined
    Scenario: In the reference engine the letter names the rules: F deals a 24-card stock
      The same seven characters under the letter F give the same pyramid, but no waste card.
      Given the deal PY1-F-AAAAAAS
      Then the code shown is PY1-F-AAAAAAS
      And the cards left in row 7 are 7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠
      And the waste is empty
      And the stock holds 24 cards
