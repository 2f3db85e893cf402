Feature: The selection: the points the rules leave open
  The rules say how a pair is made (select a free card, then tap another) but not what a few other
  taps do to the selection. Each scenario here, tagged @implementation-defined, shows the reference
  engine's choice; another game may choose differently, and its result is reported for information,
  never as a failure. The reference engine's choices: tapping the selected card again deselects it;
  a free King tapped while another card is selected is removed, and nothing stays selected; a
  covered card tapped while a card is selected leaves the selection as it is (with error help on,
  the blocked message is shown); a draw drops the selection, since a selected waste card may now be
  covered.

  Background:
    Given the rules under test

  Rule: OPEN-RETAP-SELECTED: Tapping the selected card again
    The app's rules do not say. The reference engine deselects the card: nothing else changes and no
    message is shown. This is the usual toggle of touch interfaces and leaves the player a way out
    of a selection without removing anything.

    Sources: app-fr « Les paires qui font 13 »; app-hu « A 13 összértékű párok ».

    @OPEN-RETAP-SELECTED @TAP-SELECT @implementation-defined
    Scenario: Tapping the selected card again deselects it
      Given a table:
        """
            Q♠
          4♦  K♥
        waste: [9♣]
        stock: 2♥
        """
      When I tap 4♦
      Then 4♦ is selected
      When I tap 4♦
      Then nothing is selected
      When I tap the waste
      Then 9♣ is selected

  Rule: OPEN-KING-WHILE-SELECTED: Tapping a King while another card is selected
    The app's rules do not say. The reference engine removes the King (one tap is enough for a King,
    as the rules say) and clears the selection, since the selected card may have been the one the
    King covered.

    Sources: app-fr « Les paires qui font 13 »; app-hu « A 13 összértékű párok ».

    @OPEN-KING-WHILE-SELECTED @implementation-defined
    Scenario: A King tapped while a card is selected is removed, and nothing stays selected
      Given a table:
        """
            Q♠
          4♦  K♥
        waste: [9♣]
        stock: 2♥
        """
      When I tap 4♦ then K♥
      Then K♥ is removed
      And nothing is selected
      And 4♦ is still in the pyramid

  Rule: OPEN-BLOCKED-WHILE-SELECTED: Tapping a blocked card while a card is selected
    The app's rules do not say. The reference engine keeps the selection and changes only the
    message (card-blocked with error help on), because the rules say a tap on a covered card does
    nothing.

    Sources: app-fr « Les cartes libres »; app-hu « A szabad lapok ».

    @OPEN-BLOCKED-WHILE-SELECTED @TAP-BLOCKED @implementation-defined
    Scenario: A covered card tapped while a card is selected changes nothing but the message
      Given a table:
        """
            Q♠
          4♦  K♥
        waste: [9♣]
        stock: 2♥
        """
      When I tap the waste then Q♠
      Then 9♣ is selected
      And the player reads « Cette carte est bloquée par une autre »
      When I tap 4♦
      Then 4♦ and 9♣ are removed

  Rule: OPEN-DRAW-SELECTION: Whether drawing clears a selection
    The app's rules do not say. The reference engine clears the selection on every draw and recycle:
    a selected waste top that gets covered is no longer free, and one rule for both cases is simpler
    than tracking which selected card survived.

    Sources: app-fr « La pioche et la défausse »; app-hu « A húzópakli és a dobópakli ».

    @OPEN-DRAW-SELECTION @implementation-defined
    Scenario Outline: A draw drops the selection
      Given a table:
        """
            Q♠
          4♦  K♥
        waste: [9♣]
        stock: 2♣
        """
      When I tap <card>
      And I tap the stock
      Then nothing is selected
      And the waste top is 2♣

      Examples:
        | card      |
        | 4♦        |
        | the waste |
