package com.storageplatform.compliance.identity;

import com.storageplatform.compliance.identity.provider.IdCheckOutcome.Kind;
import com.storageplatform.compliance.identity.provider.IdCheckProviders;
import com.storageplatform.compliance.internal.Customers.Customer;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The pure rules of identity verifications: the documents an operator may ask for, who may be checked, when a link may be sent, and how the provider's
 * outcomes and staff's checks move it. Its {@code status} follows from its documents: {@code verified} once every
 * document asked for is checked, whoever checked the last; before that {@code requires_input} while the provider
 * could not confirm the photo ID and staff have not accepted it, else {@code pending}. {@code canceled} (the online
 * check ended without a decision) is final.
 */
final class IdentityVerificationRules {

    private IdentityVerificationRules() {
    }

    /**
     * The customer a link can be sent to: 422 on {@code contact_id} for a contact compliance does not know
     * ({@code not_found}), the walk-in sales record or a contact without an email address ({@code not_allowed}).
     */
    static void requireReachable(Optional<Customer> customer) {
        if (customer.isEmpty()) {
            throw ApiException.invalid("contact_id", FieldIssue.NOT_FOUND);
        }
        if (customer.get().walkIn()) {
            throw ApiException.invalid("contact_id", FieldIssue.NOT_ALLOWED, "The walk-in sales record is not a "
                    + "customer: an ID check is for a contact of the account.");
        }
        if (customer.get().email() == null) {
            throw ApiException.invalid("contact_id", FieldIssue.NOT_ALLOWED, "The contact has no email address: add "
                    + "one to the contact before sending an ID check link.");
        }
    }

    /** 409 {@code conflict}, detail {@code id_check_link} {@code online_id_checks_disabled}, while checks are off. */
    static void requireOnlineChecks(boolean onlineIdChecksEnabled) {
        if (!onlineIdChecksEnabled) {
            throw new ApiException(ErrorCode.CONFLICT, ErrorCode.CONFLICT.status(), "The operator has not turned "
                    + "online ID checks on (operator setting online_id_checks_enabled): no ID check link is sent.",
                    List.of(new FieldIssue(IdCheckProviders.LINK_FIELD, "online_id_checks_disabled")), Map.of());
        }
    }

    /** Only a member of staff judges a person or their papers: 403 {@code insufficient_scope} for anyone else. */
    static void requireStaff(Caller caller, String what) {
        if (caller.actorType() != ActorType.STAFF) {
            throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "Only a member of staff (a staff token) " + what
                    + ": an API key or OAuth client cannot.");
        }
    }

    /** A new verification asking for {@code documents}, none checked. */
    static List<DocumentCheck> unchecked(List<String> documents) {
        return documents.stream().map(DocumentCheck::unchecked).toList();
    }

    /**
     * The verification after the provider's outcome of its online check; the same instance when it changes nothing: an
     * outcome about a check that is no longer open (its photo ID checked, or the check canceled) is late, and a
     * repeated {@code requires_input} with the same reason is no news.
     */
    static IdentityVerification afterProvider(IdentityVerification v, Kind kind, String reason, Instant at) {
        if (!v.onlineCheckOpen()) {
            return v;
        }
        return switch (kind) {
            case VERIFIED -> checked(v, DocumentCheck.PHOTO_ID, DocumentCheck.PROVIDER, v.acceptedAt(), at);
            case REQUIRES_INPUT -> IdentityVerification.REQUIRES_INPUT.equals(v.status())
                    && Objects.equals(reason, v.requiresInputReason()) ? v
                    : v.with(IdentityVerification.REQUIRES_INPUT, reason, v.documents(), null, null, null, at);
            case CANCELED -> v.with(IdentityVerification.CANCELED, v.requiresInputReason(), v.documents(), null, null,
                    at, at);
            case IGNORED -> v;
        };
    }

    /**
     * Staff accept the photo ID the provider could not confirm (the same person under another form of name): only
     * from {@code requires_input}, else 409 {@code conflict} saying why.
     */
    static IdentityVerification accepted(IdentityVerification v, Instant at) {
        if (!IdentityVerification.REQUIRES_INPUT.equals(v.status())) {
            throw ApiException.conflict(switch (v.status()) {
                case IdentityVerification.CANCELED -> "The online check was canceled: there is nothing to accept. "
                        + "Send the customer a new link.";
                case IdentityVerification.VERIFIED -> "The verification is verified already.";
                default -> v.photoId().checked() ? "The photo ID was checked already."
                        : "The online check has not come back yet: only a check that needs staff review (status "
                                + "requires_input) can be accepted.";
            });
        }
        return checked(v, DocumentCheck.PHOTO_ID, DocumentCheck.STAFF, at, at);
    }

    /**
     * Staff checked {@code document} (already read as one of {@link DocumentCheck#DOCUMENTS}): 422
     * {@code not_allowed} on {@code document} for {@code photo_id} (the online check checks it) and for a document
     * the verification does not ask for; 409 {@code conflict} when the verification is canceled or the document was
     * checked already.
     */
    static IdentityVerification documentChecked(IdentityVerification v, String document, Instant at) {
        if (DocumentCheck.PHOTO_ID.equals(document)) {
            throw ApiException.invalid("document", FieldIssue.NOT_ALLOWED, "The photo ID is checked by the online "
                    + "check; when the provider could not confirm it, accept the check instead.");
        }
        DocumentCheck asked = v.document(document);
        if (asked == null) {
            throw ApiException.invalid("document", FieldIssue.NOT_ALLOWED, "This verification does not ask for "
                    + document + ": it asks for " + String.join(", ", v.documents().stream()
                            .map(DocumentCheck::document).toList()) + ".");
        }
        if (IdentityVerification.CANCELED.equals(v.status())) {
            throw ApiException.conflict("The online check was canceled: send the customer a new link and check the "
                    + "documents on that verification.");
        }
        if (asked.checked()) {
            throw ApiException.conflict("The " + document + " was checked already, at " + asked.checkedAt() + ".");
        }
        return checked(v, document, DocumentCheck.STAFF, v.acceptedAt(), at);
    }

    /**
     * {@code document} checked by {@code checker}, and the status that follows. The provider's reason for needing
     * input is kept when staff accept the photo ID (what they accepted it despite), dropped when the provider confirms
     * it after all (the customer tried again).
     */
    private static IdentityVerification checked(IdentityVerification v, String document, String checker,
            Instant acceptedAt, Instant at) {
        List<DocumentCheck> documents = v.documents().stream()
                .map(d -> d.document().equals(document) ? d.checkedBy(checker, at) : d).toList();
        boolean all = documents.stream().allMatch(DocumentCheck::checked);
        boolean photoIdChecked = documents.stream().anyMatch(d -> d.document().equals(DocumentCheck.PHOTO_ID)
                && d.checked());
        String status = all ? IdentityVerification.VERIFIED
                : photoIdChecked ? IdentityVerification.PENDING : v.status();
        boolean confirmedByProvider = DocumentCheck.PROVIDER.equals(checker);
        return v.with(status, confirmedByProvider ? null : v.requiresInputReason(), documents, acceptedAt,
                all ? at : null, null, at);
    }

    /**
     * The event a change publishes: the outcome's own ({@code verified}, {@code requires_input}, {@code cancelled})
     * when the status became it, else {@code identity_verification.updated}; none when nothing changed.
     */
    static Optional<String> eventOf(IdentityVerification before, IdentityVerification after) {
        if (after.equals(before)) {
            return Optional.empty();
        }
        if (after.status().equals(before.status())) {
            return Optional.of(IdentityVerificationEvents.UPDATED);
        }
        return Optional.of(switch (after.status()) {
            case IdentityVerification.VERIFIED -> IdentityVerificationEvents.VERIFIED;
            case IdentityVerification.REQUIRES_INPUT -> IdentityVerificationEvents.REQUIRES_INPUT;
            case IdentityVerification.CANCELED -> IdentityVerificationEvents.CANCELLED;
            default -> IdentityVerificationEvents.UPDATED;
        });
    }

    /**
     * The documents sent, in the order of {@link DocumentCheck#DOCUMENTS}: each one of them ({@code documents[i]}
     * {@code invalid}) and once ({@code duplicate}); {@code photo_id} among them, since the online check, which every
     * verification has, checks it ({@code documents} {@code invalid}, the message saying so).
     */
    static List<String> requiredDocuments(List<String> sent) {
        Validation v = Validation.start();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < sent.size(); i++) {
            String document = sent.get(i);
            String field = "documents[" + i + "]";
            if (document == null || !DocumentCheck.DOCUMENTS.contains(document)) {
                v.add(field, FieldIssue.INVALID);
            } else if (!seen.add(document)) {
                v.add(field, FieldIssue.DUPLICATE);
            }
        }
        if (v.isValid() && !seen.contains(DocumentCheck.PHOTO_ID)) {
            throw ApiException.invalid("documents", FieldIssue.INVALID, "documents must include photo_id: every "
                    + "identity verification has an online check, which checks the photo ID.");
        }
        v.orThrow();
        List<String> ordered = new ArrayList<>(DocumentCheck.DOCUMENTS);
        ordered.retainAll(seen);
        return List.copyOf(ordered);
    }
}
