package com.storageplatform.compliance.identity;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/identity-verifications/{id}/documents}: a member of staff checked one document.
 *
 * @param document a document the verification asks for, other than {@code photo_id} (the online check checks it;
 *                 staff accept it with {@code accept})
 */
@Schema(requiredProperties = {"document"})
public record CheckDocument(String document) {
}
