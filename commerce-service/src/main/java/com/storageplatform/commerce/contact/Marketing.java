package com.storageplatform.commerce.contact;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;

/**
 * The marketing rules of a contact (spec, Contact and {@code POST/PATCH /v1/contacts}), pure. {@code
 * marketing_status} is {@code yes}, {@code no} or {@code not_asked}, and {@code marketing_consent} is true exactly
 * when it is {@code yes}; a client may send either, or both when they agree:
 * <ul>
 *   <li>{@code marketing_consent: true} records {@code yes};</li>
 *   <li>{@code marketing_consent: false} on create records nothing (the status stays as sent, else
 *       {@code not_asked}, or as stored for an archived contact added again); on update it withdraws an earlier
 *       {@code yes} ({@code no}) and otherwise changes nothing;</li>
 *   <li>both sent and contradicting each other: 422 {@code invalid} on {@code marketing_consent}. A withdrawal
 *       ({@code false} on update of a {@code yes}) means {@code no}, so {@code not_asked} with it contradicts it;</li>
 *   <li>a {@code no} never goes back to {@code not_asked}: 422 {@code invalid_transition} on
 *       {@code marketing_status}.</li>
 * </ul>
 */
final class Marketing {

    private Marketing() {
    }

    /** The status of a new contact from its create body (null: not sent). */
    static String onCreate(Validation v, String status, Boolean consent) {
        return decide(v, null, sent(status), sent(consent), false);
    }

    /**
     * The status of an archived contact added again ({@code POST} with its email): the create body's rules
     * ({@code false} records nothing) from the stored status, which a {@code no} still cannot leave for
     * {@code not_asked}.
     */
    static String onReturn(Validation v, String current, String status, Boolean consent) {
        return decide(v, current, sent(status), sent(consent), false);
    }

    /**
     * The status after a {@code PATCH}: a field left out is null, one sent as {@code null} is refused
     * ({@code required}: a contact always has a status).
     */
    static String onUpdate(Validation v, String current, Patch<String> status, Patch<Boolean> consent) {
        return decide(v, current, status, consent, true);
    }

    /**
     * {@code current} is the stored status (null for a new contact); {@code falseWithdraws}: whether
     * {@code marketing_consent: false} withdraws a stored {@code yes} (an update) or records nothing (a create).
     * What is wrong is recorded on {@code v}; the answer is then the current status (or {@code not_asked}).
     */
    private static String decide(Validation v, String current, Patch<String> status, Patch<Boolean> consent,
            boolean falseWithdraws) {
        String base = current == null ? Contact.NOT_ASKED : current;
        String sentStatus = status == null ? null : status.value();
        Boolean sentConsent = consent == null ? null : consent.value();
        v.check(status != null && status.isNull(), "marketing_status", FieldIssue.REQUIRED)
                .check(consent != null && consent.isNull(), "marketing_consent", FieldIssue.REQUIRED)
                .oneOf("marketing_status", sentStatus, Contact.MARKETING_STATUSES);
        if (v.has("marketing_status") || v.has("marketing_consent")) {
            return base;
        }
        // The status the consent sent stands for: yes, no (a withdrawal), or null (false that records nothing).
        String consentMeans = Boolean.TRUE.equals(sentConsent) ? Contact.YES
                : Boolean.FALSE.equals(sentConsent) && falseWithdraws && Contact.YES.equals(current) ? Contact.NO
                : null;
        boolean contradiction = sentStatus != null && sentConsent != null
                && (consentMeans != null ? !consentMeans.equals(sentStatus) : Contact.YES.equals(sentStatus));
        if (contradiction) {
            v.add("marketing_consent", FieldIssue.INVALID);
            return base;
        }
        String next = sentStatus != null ? sentStatus : consentMeans != null ? consentMeans : base;
        if (Contact.NO.equals(current) && Contact.NOT_ASKED.equals(next)) {
            v.add("marketing_status", FieldIssue.INVALID_TRANSITION);
            return base;
        }
        return next;
    }

    private static <T> Patch<T> sent(T value) {
        return value == null ? null : Patch.of(value);
    }
}
