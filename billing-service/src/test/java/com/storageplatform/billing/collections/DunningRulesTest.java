package com.storageplatform.billing.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.invoice.Invoice;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DunningRulesTest {

    static final LocalDate DUE = LocalDate.of(2027, 3, 10);

    @Test
    void aStepIsDueOnceItsDaysAfterTheOldestDueDateHaveCome() {
        assertThat(DunningRules.dueSteps(DunningLadder.DEFAULT, null, DUE, DUE.plusDays(2))).isEmpty();
        assertThat(DunningRules.dueSteps(DunningLadder.DEFAULT, null, DUE, DUE.plusDays(3))).containsExactly(0);
        assertThat(DunningRules.dueSteps(DunningLadder.DEFAULT, 0, DUE, DUE.plusDays(6))).isEmpty();
        assertThat(DunningRules.dueSteps(DunningLadder.DEFAULT, 0, DUE, DUE.plusDays(7))).containsExactly(1);
    }

    @Test
    void stepsMissedWhileTheJobDidNotRunAreAllTakenInOrder() {
        assertThat(DunningRules.dueSteps(DunningLadder.DEFAULT, null, DUE, DUE.plusDays(15)))
                .containsExactly(0, 1, 2);
    }

    @Test
    void aStepTakenIsNeverDueAgainAndNothingFollowsTheLast() {
        assertThat(DunningRules.dueSteps(DunningLadder.DEFAULT, 3, DUE, DUE.plusDays(90))).isEmpty();
    }

    @Test
    void aCaseWhoseOldestDueDateMovedLaterWaitsForTheNextStepFromTheNewDate() {
        assertThat(DunningRules.dueSteps(DunningLadder.DEFAULT, 1, DUE.plusDays(5), DUE.plusDays(15))).isEmpty();
        assertThat(DunningRules.dueSteps(DunningLadder.DEFAULT, 1, DUE.plusDays(5), DUE.plusDays(19)))
                .containsExactly(2);
    }

    @Test
    void aCaseIsClosedForTheOneWayEveryInvoiceLeftArrears() {
        assertThat(DunningRules.closedReason(List.of(invoice("paid", 100, 0, null), invoice("paid", 50, 0, null))))
                .isEqualTo("paid");
        assertThat(DunningRules.closedReason(List.of(invoice("void", 0, 0, null)))).isEqualTo("voided");
        assertThat(DunningRules.closedReason(List.of(invoice("paid", 0, 100, null)))).isEqualTo("credited");
    }

    @Test
    void aCaseClosedSeveralWaysOrByAWriteOffOrACollectionInFlightIsResolved() {
        assertThat(DunningRules.closedReason(List.of(invoice("paid", 100, 0, null), invoice("void", 0, 0, null))))
                .isEqualTo("resolved");
        assertThat(DunningRules.closedReason(List.of(invoice("overdue", 0, 0, Instant.now())))).isEqualTo("resolved");
        assertThat(DunningRules.closedReason(List.of(invoice("open", 0, 0, null)))).isEqualTo("resolved");
    }

    static Invoice invoice(String status, long paid, long credited, Instant writtenOffAt) {
        return new Invoice(UUID.randomUUID(), "invoice", UUID.randomUUID(), null, null, "api", status, "GBP",
                "offline", null, DUE, List.of(), 100, 0, 0, paid, credited, 0, 0, 0, null, null, null, null, null,
                null, writtenOffAt, null, null);
    }
}
