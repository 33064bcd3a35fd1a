package com.storageplatform.billing.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

class SimulatedDirectDebitTest {

    /** 23:30 UTC on 30 June is already 1 July in London. */
    private final SimulatedDirectDebit directDebit = new SimulatedDirectDebit(
            Clock.fixed(Instant.parse("2026-06-30T23:30:00Z"), ZoneOffset.UTC));

    @Test
    void aMandateOnUkBankDetailsIsPendingSubmissionAndChargeableFromTodayInLondon() {
        UUID mandateId = UUID.randomUUID();
        ProviderMandate mandate = directDebit.createMandate(mandate(mandateId, "20-00-00", "55779911")).block();

        assertThat(mandate.providerRef()).startsWith("MD").hasSize(34);
        assertThat(mandate.providerStatus()).isEqualTo("pending_submission");
        assertThat(mandate.nextPossibleChargeDate()).isEqualTo(LocalDate.of(2026, 7, 1));
        assertThat(directDebit.createMandate(mandate(mandateId, "200000", "55779911")).block().providerRef())
                .isEqualTo(mandate.providerRef());
    }

    @Test
    void badBankDetailsAre422OnEveryFieldTheClientSent() {
        StepVerifier.create(directDebit.createMandate(mandate(UUID.randomUUID(), "20-00", "5577991X")))
                .expectErrorSatisfies(error -> assertThat(((ApiException) error).details())
                        .extracting(FieldIssue::field)
                        .containsExactly("bank_account.sort_code", "bank_account.account_number"))
                .verify();
    }

    @Test
    void oneBadDetailSaysWhatIsWrongWithIt() {
        StepVerifier.create(directDebit.createMandate(mandate(UUID.randomUUID(), "200000", "5577991")))
                .expectErrorSatisfies(error -> {
                    assertThat(((ApiException) error).details()).extracting(FieldIssue::field)
                            .containsExactly("bank_account.account_number");
                    assertThat(error.getMessage()).contains("must be 8 digits");
                })
                .verify();
    }

    @Test
    void aCollectionIsForTheDayAskedAsIs() {
        LocalDate saturday = LocalDate.of(2026, 7, 4);
        Collection collection = directDebit.collect(new Collect(UUID.randomUUID(), "MD1", 4500, "GBP", saturday,
                "Rent", "k")).block();

        assertThat(collection.chargeDate()).isEqualTo(saturday);
        assertThat(collection.providerRef()).startsWith("PM");
        assertThat(collection.providerStatus()).isEqualTo("pending_submission");
    }

    @Test
    void cancellationsSucceedAndRefundsArePaidAtOnce() {
        StepVerifier.create(directDebit.cancelMandate("MD1", "k")).verifyComplete();
        StepVerifier.create(directDebit.cancelCollection("PM1", "k")).verifyComplete();
        assertThat(directDebit.refund(new RefundRequest(UUID.randomUUID(), "PM1", 100, "GBP", "k")).block()
                .succeeded()).isTrue();
    }

    private static CreateMandate mandate(UUID id, String sortCode, String accountNumber) {
        return new CreateMandate(id, UUID.randomUUID(), "SP-0001", new BankAccount("Ann Lee", sortCode, accountNumber),
                "ann@example.com", "k");
    }
}
