package com.storageplatform.crm.note;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/notes} (conventions.md: note).
 *
 * @param subjectType {@code agreement}, {@code collections_case}, {@code contact}, {@code deal} or {@code unit}
 * @param subjectId   a record of that type of the account (a {@code collections_case} is not checked yet)
 * @param body        trimmed; 1 to 5000 characters; line breaks allowed
 */
@Schema(requiredProperties = {"subject_type", "subject_id", "body"})
public record CreateNote(String subjectType, String subjectId, String body) {
}
