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
 *       {@code not_asked}); on update it withdraws an earlier {@code yes} ({@code no}) and otherwise changes
 *       nothing;</li>
 *   <li>both sent and contradicting each other: 422 {@code invalid} on {@code marketing_consent};</li>
 *   <li>a {@code no} never goes back to {@code not_asked}: 422 {@code invalid_transition} on
 *       {@code marketing_status}.</li>
 * </ul>
 */
final class Marketing {

    private Marketing() {
    }

    /** The status of a new contact from its create body (null: not sent). */
    static String onCreate(Validation v, String status, Boolean consent) {
        return decide(v, null, status == null ? null : Patch.of(status), consent == null ? null : Patch.of(consent));
    }

    /**
     * The status after a change: {@code current} is the stored status (null for a new contact); a field left out
     * is null, one sent as {@code null} is refused ({@code required}: a contact always has a status). What is wrong
     * is recorded on {@code v}; the answer is then the current status (or {@code not_asked}).
     */
    static String decide(Validation v, String current, Patch<String> status, Patch<Boolean> consent) {
        String base = current == null ? Contact.NOT_ASKED : current;
        String sentStatus = status == null ? null : status.value();
        Boolean sentConsent = consent == null ? null : consent.value();
        v.check(status != null && status.isNull(), "marketing_status", FieldIssue.REQUIRED)
                .check(consent != null && consent.isNull(), "marketing_consent", FieldIssue.REQUIRED)
                .oneOf("marketing_status", sentStatus, Contact.MARKETING_STATUSES);
        if (v.has("marketing_status") || v.has("marketing_consent")) {
            return base;
        }
        if (sentStatus != null && sentConsent != null && sentConsent != Contact.YES.equals(sentStatus)) {
            v.add("marketing_consent", FieldIssue.INVALID);
            return base;
        }
        String next;
        if (sentStatus != null) {
            next = sentStatus;
        } else if (Boolean.TRUE.equals(sentConsent)) {
            next = Contact.YES;
        } else if (Boolean.FALSE.equals(sentConsent) && Contact.YES.equals(current)) {
            next = Contact.NO;
        } else {
            next = base;
        }
        if (Contact.NO.equals(current) && Contact.NOT_ASKED.equals(next)) {
            v.add("marketing_status", FieldIssue.INVALID_TRANSITION);
            return base;
        }
        return next;
    }
}
