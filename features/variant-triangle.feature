Feature: Variant: PySolFC's Triangle, the pyramid upside down
  PySolFC's Triangle (game 700) deals a triangle of rows instead of the pyramid (the classic
  page's Pharaoh / Triangle, a larger layout, is variant-pharaoh.feature's). It is the app's 28
  cards laid out upside down: 7 cards in row 1, one fewer in each row below, a single card in
  row 7. Each card lies under the cards of the next row that overlap it, one to its left and one
  to its right, so the two ends of a row lie under one card only, and the single card of row 7
  is the first one free. Everything else is the app's: one card turned onto the waste, 23 in the
  stock, pairs that make 13, Kings alone, unlimited recycling, and clearing the 28 cards wins.

  The tables draw the triangle row by row from row 1, which always has its 7 places; rows left out
  at the bottom are empty. The other files' tables are pyramids, so their scenarios are outside
  these rules; the ones below show the app's rules that matter most on triangles, and
  redrawn/triangle.feature draws the rest of the app's scenarios again on triangles.

  Background:
    Given the rules under test

  Rule: VAR-TRIANGLE: 28 cards face up in 7 rows of 7 down to 1
    PySolFC's Triangle deals the 28 cards face up as the pyramid upside down: row 1 holds 7 cards
    and each row below one fewer, down to a single card in row 7. A place is named as in the
    pyramid, by its row and its rank from the left in that row: r1c7 is the last card of row 1, r7c1
    the only card of row 7.

    Sources: pysolfc « Triangle (game 700) ».

    @VAR-TRIANGLE @DEAL-WASTE-CARD @DEAL-STOCK
    Scenario: The deal: 7 rows of 7 down to 1 card, all face up, one waste card and 23 in the stock
      Given a new deal shuffled by the game
      Then the triangle has 7 rows of 7 to 1 cards, every place filled
      And every card of the pyramid lies face up
      And the waste holds 1 card
      And the stock holds 23 cards

    @VAR-TRIANGLE @OPEN-CODE-LETTER @implementation-defined @profile-triangle
    Scenario: In the reference engine PY1-V-AAAAAAS deals the documented cards as a triangle
      The seven characters of the app's PY1-N-AAAAAAS deal the same 28 cards under the letter V,
      in the same reading order, row 1 first: here row 1 holds the app's first seven.
      Given the deal PY1-V-AAAAAAS
      Then the pyramid is:
        """
        J♦  6♣  7♥  A♠  4♦  Q♠  5♥
          3♦  6♥  8♠  K♥  K♣  A♦
            K♠  9♣  Q♣  2♣  8♦
              10♦ 10♠ J♠  7♣
                10♣ 3♥  4♥
                  3♠  K♦
                    7♠
        """
      And the waste is 7♦
      And the stock holds 23 cards

    @VAR-TRIANGLE @CODE-REDEAL @CODE-FORMAT
    Scenario: A deal's code deals the same triangle again
      Given a new deal shuffled by the game
      Then the code shown is a deal code
      When I tap the stock
      And I deal the code shown again
      Then the table is the same as the first deal

    @VAR-TRIANGLE @SCORE-WIN-280 @END-WIN @PAIR-THIRTEEN @PAIR-VALUES @KING-ALONE
    Scenario: A whole triangle cleared is worth 280
      Each row is cleared from row 7 up: the Kings alone, the others in pairs of 13.
      Given a table:
        """
        K♠  4♦  9♦  5♦  8♦  6♦  7♦
          A♦  Q♦  2♦  J♦  3♦  10♦
            K♥  5♣  8♣  6♣  7♣
              3♣  10♣ 4♣  9♣
                K♦  2♣  J♣
                  A♣  Q♣
                    K♣
        waste: [A♥]
        stock: Q♥ 2♥ J♥ 3♥ 10♥ 4♥ 9♥ 5♥ 8♥ 6♥ 7♥ A♠ Q♠ 2♠ J♠ 3♠ 10♠ 4♠ 9♠ 5♠ 8♠ 6♠ 7♠
        """
      When I tap K♣
      And I tap A♣ then Q♣
      And I tap K♦, 2♣ then J♣
      And I tap 3♣ then 10♣, 4♣ then 9♣
      And I tap K♥, 5♣ then 8♣, 6♣ then 7♣
      And I tap A♦ then Q♦, 2♦ then J♦, 3♦ then 10♦
      And I tap 4♦ then 9♦, 5♦ then 8♦, 6♦ then 7♦
      Then the score is 270
      And the stock holds 23 cards
      When I tap K♠
      Then the game is won
      And the score is 280

    @VAR-TRIANGLE @STOCK-DRAW @RECYCLE-ORDER @MOVES-COUNT @SCORE-NOTHING-ELSE
    Scenario: Beside the triangle, the stock is drawn and recycled as in the app
      Given a table:
        """
        --  --  --  6♦  7♣  --  --
          --  --  --  K♥  --  --
        waste: [Q♠]
        stock: A♣ 2♦
        """
      When I tap the stock
      Then the waste is Q♠ A♣
      When I tap the stock
      Then the waste is Q♠ A♣ 2♦
      When I tap the stock
      Then the stock holds 3 cards
      And the waste is empty
      When I tap the stock
      Then the waste is Q♠
      And the move counter is 4
      And the score is 0

    @VAR-TRIANGLE @RECYCLE-UNLIMITED @END-PLAY-GOES-ON @STOCK-DRAW
    Scenario: Beside the triangle, the stock is recycled without limit, and play goes on
      Given a table:
        """
        --  --  --  5♣  9♦  --  --
          --  --  --  3♠  --  --
        stock: 2♣ 3♣
        """
      When I tap the stock 30 times
      Then the stock holds 2 cards
      And the waste is empty
      And the move counter is 30
      When I tap the stock
      Then the waste is 2♣
      And the game goes on

    @VAR-TRIANGLE @STOCK-OUT-OF-PLAY @FREE-WASTE-TOP @WASTE-DRAWN-ALONE @STOCK-DRAW
    Scenario: Beside the triangle, only the waste top is in play, as in the app
      The 5♥ and the 8♦ make 13, but neither the stock's top card nor, once it is drawn onto the
      8♦, the card under it is in play.
      Given a table:
        """
        --  --  --  6♦  7♣  --  --
          --  --  --  K♥  --  --
        waste: [8♦]
        stock: 5♥ 6♠
        """
      When I tap the stock's top card
      Then nothing is selected
      When I tap the stock
      And I tap the waste then the card beneath the waste top
      Then the waste is 8♦ 5♥
      And the move counter is 1

    @VAR-TRIANGLE @PAIR-MISMATCH
    Scenario: On the triangle a wrong sum says the sum must be 13 and keeps the second card selected
      Given a table:
        """
        --  --  --  6♦  7♣  --  --
          --  --  --  K♥  --  --
        waste: [8♦]
        stock: 5♥ 6♠
        """
      When I tap K♥
      And I tap 6♦ then the waste
      Then 6♦ is still in the pyramid
      And 8♦ is selected
      And the player reads « La somme doit être égale à 13 »

    @VAR-TRIANGLE @END-NO-MORE-MOVES @KING-ALONE @MSG-TEXTS
    Scenario: Nothing left to draw, recycle or remove: no more moves
      The 5♣ and the 9♦ lie under the 3♠, and the 3♠ has no partner.
      Given a table:
        """
        --  --  --  5♣  9♦  --  --
          --  --  --  3♠  --  --
        waste: [K♥]
        """
      When I tap the waste
      Then K♥ is removed
      And the game is over with no more moves
      And the player reads « Plus aucun coup possible » in fr

    @VAR-TRIANGLE @UNDO-LAST-100 @KING-ALONE @RECYCLE-UNLIMITED
    Scenario: Only the last 100 moves can be undone
      101 moves: K♥ is removed, K♣ is removed, then 99 taps on the stock draw and recycle its two
      cards. A hundred undos take back everything after the first move; the 101st would have to
      take back K♥, beyond the last 100 moves: nothing changes.
      Given a table:
        """
        --  --  --  5♠  9♦  K♣  --
          --  --  --  K♥  --  --
        stock: 2♣ 3♣
        """
      When I tap K♥
      And I tap K♣
      And I tap the stock 99 times
      And I undo 100 times
      Then the cards and the score are as they were after tap 1
      When I undo
      Then the cards and the score are as they were after tap 1

  Rule: VAR-TRIANGLE-COVERING: Card (r, c) is covered by (r+1, c-1) and (r+1, c), where they exist
    The card at row r, place c lies under the cards of row r+1 at places c-1 and c: the first and
    the last card of a row lie under one card only, and the card of row 7 under none. A card is free
    once every card lying on it is gone, so at the start only the card of row 7 is free, and the 7
    cards of row 1 are the last to be freed.

    Sources: pysolfc « Triangle (game 700) ».

    @VAR-TRIANGLE-COVERING @TAP-BLOCKED @TAP-SELECT @KING-ALONE @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: At the start only the card of row 7 is free; removing it frees row 6
      Given a table:
        """
        K♠  4♦  9♦  5♦  8♦  6♦  7♦
          A♦  Q♦  2♦  J♦  3♦  10♦
            K♥  5♣  8♣  6♣  7♣
              3♣  10♣ 4♣  9♣
                K♦  2♣  J♣
                  A♣  Q♣
                    K♣
        waste: [A♥]
        stock: Q♥ 2♥ J♥
        """
      When I tap 4♦
      Then nothing is selected
      And the player reads « Cette carte est bloquée par une autre »
      When I tap A♣
      Then nothing is selected
      And A♣ is still in the pyramid
      When I tap K♣
      Then K♣ is removed
      When I tap A♣
      Then A♣ is selected
      When I tap Q♣
      Then A♣ and Q♣ are removed

    @VAR-TRIANGLE-COVERING @KING-ALONE @WASTE-PAIRS @PAIR-THIRTEEN @PAIR-VALUES @STOCK-DRAW
    Scenario Outline: The card at either end of a row lies under one card only
      The 9♦ at the end of row 1 lies under the K♠ alone; the 4♣ next to it lies under the K♠ and
      the 2♠, so it still cannot pair with the 9♣ drawn next.
      Given a table:
        """
        <row1>
          <row2>
        waste: [4♥]
        stock: 9♣ 8♣
        """
      When I tap K♠
      Then K♠ is removed
      When I tap 9♦ then the waste
      Then 9♦ and 4♥ are removed
      When I tap the stock
      And I tap 4♣ then the waste
      Then 4♣ is still in the pyramid
      And the waste top is 9♣

      Examples: the first card of row 1, or the last
        | end   | row1                 | row2              |
        | first | 9♦ 4♣ J♥ -- -- -- -- | K♠ 2♠ -- -- -- -- |
        | last  | -- -- -- -- J♥ 4♣ 9♦ | -- -- -- -- 2♠ K♠ |

    @VAR-TRIANGLE-COVERING @PAIR-NOT-COVERING
    Scenario: A card does not pair with the card still lying on it
      The 7♣ alone lies on the 6♦: they make 13 but stay.
      Given a table:
        """
        6♦  5♠  --  --  --  --  --
          7♣  --  --  --  --  --
        stock: 2♥
        """
      When I tap 7♣ then 6♦
      Then 6♦ and 7♣ are still in the pyramid
      And the score is 0

    @VAR-TRIANGLE-COVERING @END-WIN @KING-ALONE @PAIR-THIRTEEN @PAIR-VALUES
    Scenario: Clearing the triangle wins, with cards still in the stock and the waste
      What becomes of the cards left in the stock and the waste once the game is won is no rule of
      play (a game may sweep them away): the scenario does not look at them.
      Given a table:
        """
        --  --  --  6♦  7♣  --  --
          --  --  --  K♥  --  --
        waste: [Q♠]
        stock: A♣ 2♦
        """
      When I tap K♥
      Then the pyramid is:
        """
        --  --  --  6♦  7♣  --  --
        """
      When I tap 6♦ then 7♣
      Then the game is won

    @VAR-TRIANGLE-COVERING @UNDO-RESTORES @UNDO-COUNTER-KEEPS @KING-ALONE @TAP-BLOCKED
    Scenario: Undo lays a card back over the two it covered
      Given a table:
        """
        --  --  --  6♦  7♣  --  --
          --  --  --  K♥  --  --
        waste: [Q♠]
        stock: A♣ 2♦
        """
      When I tap K♥
      And I undo
      Then the cards and the score are as they were at the start
      And the move counter is at least 1
      When I tap 6♦
      Then nothing is selected
