package com.storageplatform.compliance.identity;

import com.storageplatform.kit.web.Patch;
import java.util.List;

/**
 * The body of {@code PATCH /v1/identity-requirements}: left out stays, {@code null} restores the default.
 *
 * @param documents every document to ask for, each once, {@code photo_id} among them: {@code photo_id},
 *                  {@code proof_of_address}
 */
record RequirementChanges(Patch<List<String>> documents) {
}
