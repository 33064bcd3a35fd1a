package com.storageplatform.compliance.identity;

import static com.storageplatform.compliance.identity.DocumentCheck.PHOTO_ID;
import static com.storageplatform.compliance.identity.DocumentCheck.PROOF_OF_ADDRESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.compliance.identity.provider.IdCheckOutcome.Kind;
import com.storageplatform.compliance.internal.Customers.Customer;
import com.storageplatform.compliance.support.ComplianceApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The pure rules of identity verifications: who is checked, when, and how outcomes and staff move a check. */
class IdentityVerificationRulesTest {

    static final Instant MADE = Instant.parse("2026-11-27T10:00:00Z");
    static final Instant LATER = Instant.parse("2026-11-27T11:00:00Z");

    static IdentityVerification asking(String... documents) {
        return new IdentityVerification(Ids.newId(), IdentityVerification.OBJECT, Ids.newId(),
                IdentityVerification.PENDING, "stripe", "vs_1", null,
                IdentityVerificationRules.unchecked(List.of(documents)), MADE.plusSeconds(604800), null, null, null,
                MADE, MADE);
    }

    static IdentityVerification needingInput(String... documents) {
        return IdentityVerificationRules.afterProvider(asking(documents), Kind.REQUIRES_INPUT,
                "document_unverified_other", MADE);
    }

    static void assertIssue(Runnable rule, String field, String issue) {
        assertThatThrownBy(rule::run).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
            assertThat(e.details()).containsExactly(new FieldIssue(field, issue));
        });
    }

    static void assertConflict(Runnable rule, String message) {
        assertThatThrownBy(rule::run).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.CONFLICT);
            assertThat(e.getMessage()).contains(message);
        });
    }

    @Test
    void aCheckAskingOnlyForPhotoIdIsVerifiedWhenTheProviderConfirmsIt() {
        IdentityVerification before = asking(PHOTO_ID);
        IdentityVerification after = IdentityVerificationRules.afterProvider(before, Kind.VERIFIED, null, LATER);

        assertThat(after.status()).isEqualTo(IdentityVerification.VERIFIED);
        assertThat(after.verifiedAt()).isEqualTo(LATER);
        assertThat(after.photoId()).isEqualTo(new DocumentCheck(PHOTO_ID, true, DocumentCheck.PROVIDER, LATER));
        assertThat(IdentityVerificationRules.eventOf(before, after)).contains(IdentityVerificationEvents.VERIFIED);
    }

    @Test
    void aConfirmedPhotoIdLeavesTheCheckPendingWhileAnotherDocumentWaitsForStaff() {
        IdentityVerification before = needingInput(PHOTO_ID, PROOF_OF_ADDRESS);
        IdentityVerification after = IdentityVerificationRules.afterProvider(before, Kind.VERIFIED, null, LATER);

        assertThat(after.status()).isEqualTo(IdentityVerification.PENDING);
        assertThat(after.verifiedAt()).isNull();
        assertThat(after.requiresInputReason()).as("the customer tried again and passed").isNull();
        assertThat(IdentityVerificationRules.eventOf(before, after)).contains(IdentityVerificationEvents.UPDATED);

        IdentityVerification done = IdentityVerificationRules.documentChecked(after, PROOF_OF_ADDRESS, LATER);
        assertThat(done.status()).isEqualTo(IdentityVerification.VERIFIED);
        assertThat(done.document(PROOF_OF_ADDRESS).checkedBy()).isEqualTo(DocumentCheck.STAFF);
        assertThat(IdentityVerificationRules.eventOf(after, done)).contains(IdentityVerificationEvents.VERIFIED);
    }

    @Test
    void theProviderConfirmingThePhotoIdLastVerifiesACheckWhoseOtherDocumentsStaffCheckedFirst() {
        IdentityVerification address = IdentityVerificationRules.documentChecked(asking(PHOTO_ID, PROOF_OF_ADDRESS),
                PROOF_OF_ADDRESS, MADE);
        assertThat(address.status()).isEqualTo(IdentityVerification.PENDING);

        IdentityVerification after = IdentityVerificationRules.afterProvider(address, Kind.VERIFIED, null, LATER);
        assertThat(after.status()).isEqualTo(IdentityVerification.VERIFIED);
        assertThat(after.verifiedAt()).isEqualTo(LATER);
    }

    @Test
    void anUnconfirmedPhotoIdWaitsForStaffWithTheProvidersReasonAndIsNotNewsTwice() {
        IdentityVerification before = asking(PHOTO_ID);
        IdentityVerification after = IdentityVerificationRules.afterProvider(before, Kind.REQUIRES_INPUT,
                "selfie_face_mismatch", LATER);

        assertThat(after.status()).isEqualTo(IdentityVerification.REQUIRES_INPUT);
        assertThat(after.requiresInputReason()).isEqualTo("selfie_face_mismatch");
        assertThat(IdentityVerificationRules.eventOf(before, after))
                .contains(IdentityVerificationEvents.REQUIRES_INPUT);
        assertThat(IdentityVerificationRules.afterProvider(after, Kind.REQUIRES_INPUT, "selfie_face_mismatch",
                LATER.plusSeconds(60))).isSameAs(after);
        IdentityVerification again = IdentityVerificationRules.afterProvider(after, Kind.REQUIRES_INPUT,
                "document_expired", LATER.plusSeconds(60));
        assertThat(IdentityVerificationRules.eventOf(after, again)).contains(IdentityVerificationEvents.UPDATED);
    }

    @Test
    void aCanceledCheckIsFinalAndTheProviderCannotCancelACheckItConfirmed() {
        IdentityVerification canceled = IdentityVerificationRules.afterProvider(needingInput(PHOTO_ID),
                Kind.CANCELED, null, LATER);
        assertThat(canceled.status()).isEqualTo(IdentityVerification.CANCELED);
        assertThat(canceled.canceledAt()).isEqualTo(LATER);
        assertThat(IdentityVerificationRules.eventOf(needingInput(PHOTO_ID), canceled))
                .contains(IdentityVerificationEvents.CANCELLED);
        for (Kind late : Kind.values()) {
            assertThat(IdentityVerificationRules.afterProvider(canceled, late, "x", LATER)).isSameAs(canceled);
        }

        IdentityVerification confirmed = IdentityVerificationRules.afterProvider(asking(PHOTO_ID, PROOF_OF_ADDRESS),
                Kind.VERIFIED, null, LATER);
        for (Kind late : Kind.values()) {
            assertThat(IdentityVerificationRules.afterProvider(confirmed, late, "x", LATER)).isSameAs(confirmed);
        }
        assertThat(IdentityVerificationRules.afterProvider(confirmed, Kind.IGNORED, null, LATER)).isSameAs(confirmed);
    }

    @Test
    void staffAcceptOnlyACheckWaitingForThemAndItReadsVerifiedWhenNothingElseWaits() {
        IdentityVerification waiting = needingInput(PHOTO_ID);
        IdentityVerification accepted = IdentityVerificationRules.accepted(waiting, LATER);

        assertThat(accepted.status()).isEqualTo(IdentityVerification.VERIFIED);
        assertThat(accepted.acceptedAt()).isEqualTo(LATER);
        assertThat(accepted.photoId().checkedBy()).isEqualTo(DocumentCheck.STAFF);
        assertThat(accepted.requiresInputReason()).as("what staff accepted it despite").isEqualTo(
                "document_unverified_other");
        assertThat(IdentityVerificationRules.eventOf(waiting, accepted)).contains(IdentityVerificationEvents.VERIFIED);

        assertConflict(() -> IdentityVerificationRules.accepted(asking(PHOTO_ID), LATER), "has not come back yet");
        assertConflict(() -> IdentityVerificationRules.accepted(accepted, LATER), "verified already");
        assertConflict(() -> IdentityVerificationRules.accepted(IdentityVerificationRules.afterProvider(
                asking(PHOTO_ID), Kind.CANCELED, null, LATER), LATER), "canceled");
    }

    @Test
    void anAcceptedCheckWhoseOtherDocumentsWaitIsPendingNoLongerWaitingForReview() {
        IdentityVerification waiting = needingInput(PHOTO_ID, PROOF_OF_ADDRESS);
        IdentityVerification accepted = IdentityVerificationRules.accepted(waiting, LATER);

        assertThat(accepted.status()).isEqualTo(IdentityVerification.PENDING);
        assertThat(IdentityVerificationRules.eventOf(waiting, accepted)).contains(IdentityVerificationEvents.UPDATED);
        assertConflict(() -> IdentityVerificationRules.accepted(accepted, LATER), "photo ID was checked already");
    }

    @Test
    void staffCheckOnlyTheOtherDocumentsAskedForOnceAndNeverOnACanceledCheck() {
        IdentityVerification both = asking(PHOTO_ID, PROOF_OF_ADDRESS);
        assertIssue(() -> IdentityVerificationRules.documentChecked(both, PHOTO_ID, LATER), "document",
                FieldIssue.NOT_ALLOWED);
        assertIssue(() -> IdentityVerificationRules.documentChecked(asking(PHOTO_ID), PROOF_OF_ADDRESS, LATER),
                "document", FieldIssue.NOT_ALLOWED);
        IdentityVerification checked = IdentityVerificationRules.documentChecked(both, PROOF_OF_ADDRESS, LATER);
        assertConflict(() -> IdentityVerificationRules.documentChecked(checked, PROOF_OF_ADDRESS, LATER),
                "checked already");
        IdentityVerification canceled = IdentityVerificationRules.afterProvider(both, Kind.CANCELED, null, LATER);
        assertConflict(() -> IdentityVerificationRules.documentChecked(canceled, PROOF_OF_ADDRESS, LATER),
                "canceled");
    }

    @Test
    void aDocumentCheckedWhileThePhotoIdWaitsForStaffLeavesItWaiting() {
        IdentityVerification waiting = needingInput(PHOTO_ID, PROOF_OF_ADDRESS);
        IdentityVerification after = IdentityVerificationRules.documentChecked(waiting, PROOF_OF_ADDRESS, LATER);

        assertThat(after.status()).isEqualTo(IdentityVerification.REQUIRES_INPUT);
        assertThat(IdentityVerificationRules.eventOf(waiting, after)).contains(IdentityVerificationEvents.UPDATED);
        assertThat(IdentityVerificationRules.accepted(after, LATER).status()).isEqualTo(IdentityVerification.VERIFIED);
    }

    @Test
    void nothingChangedPublishesNothing() {
        IdentityVerification v = asking(PHOTO_ID);
        assertThat(IdentityVerificationRules.eventOf(v, v)).isEmpty();
    }

    @Test
    void theOperatorAsksForKnownDocumentsEachOncePhotoIdAlwaysInTheCanonicalOrder() {
        assertThat(IdentityVerificationRules.requiredDocuments(List.of(PROOF_OF_ADDRESS, PHOTO_ID)))
                .containsExactly(PHOTO_ID, PROOF_OF_ADDRESS);
        assertThat(IdentityVerificationRules.requiredDocuments(List.of(PHOTO_ID))).containsExactly(PHOTO_ID);
        assertThatThrownBy(() -> IdentityVerificationRules.requiredDocuments(List.of(PHOTO_ID, "utility_bill",
                PHOTO_ID))).isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details()).containsExactly(
                        new FieldIssue("documents[1]", FieldIssue.INVALID),
                        new FieldIssue("documents[2]", FieldIssue.DUPLICATE)));
        assertThatThrownBy(() -> IdentityVerificationRules.requiredDocuments(List.of(PROOF_OF_ADDRESS)))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.details()).containsExactly(new FieldIssue("documents", FieldIssue.INVALID));
                    assertThat(e.getMessage()).contains("must include photo_id");
                });
        assertIssue(() -> IdentityVerificationRules.requiredDocuments(List.of()), "documents", FieldIssue.INVALID);
    }

    @Test
    void aLinkGoesOnlyToAKnownCustomerWithAnEmailAddress() {
        UUID id = Ids.newId();
        assertIssue(() -> IdentityVerificationRules.requireReachable(Optional.empty()), "contact_id",
                FieldIssue.NOT_FOUND);
        assertIssue(() -> IdentityVerificationRules.requireReachable(Optional.of(new Customer(id, true, "active",
                null, null, null))), "contact_id", FieldIssue.NOT_ALLOWED);
        assertThatThrownBy(() -> IdentityVerificationRules.requireReachable(Optional.of(new Customer(id, false,
                "active", "Ada", "Lovelace", null)))).hasMessageContaining("no email address");
        IdentityVerificationRules.requireReachable(Optional.of(new Customer(id, false, "active", "Ada", "Lovelace",
                "ada@harbour-storage.co.uk")));
    }

    @Test
    void noLinkIsSentWhileTheOperatorHasOnlineChecksOffAndTheDetailSaysWhy() {
        assertThatThrownBy(() -> IdentityVerificationRules.requireOnlineChecks(false))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.CONFLICT);
                    assertThat(e.details()).containsExactly(new FieldIssue("id_check_link",
                            "online_id_checks_disabled"));
                });
        IdentityVerificationRules.requireOnlineChecks(true);
    }

    @Test
    void onlyAMemberOfStaffJudgesAPersonOrTheirPapers() {
        Caller api = TestCallers.apiCaller("compliance:write");
        assertThatThrownBy(() -> IdentityVerificationRules.requireStaff(api, "accepts a check"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.code())
                        .isEqualTo(ErrorCode.INSUFFICIENT_SCOPE));
        IdentityVerificationRules.requireStaff(ComplianceApi.staffOf(api), "accepts a check");
    }
}
