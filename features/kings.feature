Feature: Kings
  A King is worth 13 on its own and needs no partner: a single tap on a free King removes it, from
  the pyramid or from the top of the waste. A covered King waits like any covered card.

  Background:
    Given the rules under test

  Rule: KING-ALONE: A free King is removed alone with one tap
    A King is worth 13 on its own: a single tap removes a free pyramid King or a King on top of the
    waste, without a partner, as one move. Example: the first move of PY1-N-AAAAAAS removes K♦ at
    r7c6.

    Sources: app-fr « En bref », « Les paires qui font 13 », « La pioche et la défausse »;
    app-hu « Röviden », « A 13 összértékű párok », « A húzópakli és a dobópakli »;
    traditional « 5. Déroulement détaillé »; classic « Déroulement du jeu ».

    @KING-ALONE
    Scenario: A free King of the pyramid is removed with one tap
      Given a table:
        """
            5♠
          K♣  9♥
        stock: 2♥
        """
      When I tap K♣
      Then K♣ is removed
      And the pyramid is:
        """
            5♠
          --  9♥
        """

    @KING-ALONE
    Scenario: A King on top of the waste is removed with one tap
      Given a table:
        """
            5♠
          2♣  9♥
        waste: 4♦ [K♠]
        stock: 2♥
        """
      When I tap the waste
      Then K♠ is removed
      And the waste top is 4♦
