package com.storageplatform.crm.note;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The pure rules of a note's body: every bad field in one 422, which names the subject types allowed. */
final class NoteRules {

    static final int MAX_BODY = 5000;

    private NoteRules() {
    }

    /** The create body's fields, checked; null where absent or refused. */
    record Terms(String subjectType, UUID subjectId, String body) {
    }

    static Terms check(Validation v, CreateNote b) {
        v.require("subject_type", b.subjectType()).oneOf("subject_type", b.subjectType(), Note.SUBJECT_TYPES);
        String subjectType = v.has("subject_type") ? null : b.subjectType();
        UUID subjectId = v.requiredId("subject_id", b.subjectId());
        String body = b.body() == null ? null : b.body().strip();
        v.require("body", body).maxLength("body", body, MAX_BODY).printable("body", body, true);
        return new Terms(subjectType, subjectId, body);
    }

    /**
     * Throws the 422 when anything was recorded; when {@code subject_type} is not one of the allowed values, the
     * message lists them.
     */
    static void orThrow(Validation v) {
        List<FieldIssue> issues = v.issues();
        if (issues.contains(new FieldIssue("subject_type", FieldIssue.INVALID))) {
            String more = issues.size() > 1 ? " (and " + (issues.size() - 1) + " more)" : "";
            throw new ApiException(ErrorCode.VALIDATION_ERROR, ErrorCode.VALIDATION_ERROR.status(),
                    "Invalid value for subject_type: it is one of " + String.join(", ", Note.SUBJECT_TYPES) + more
                            + ".", issues, Map.of());
        }
        v.orThrow();
    }
}
