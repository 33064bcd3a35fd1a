package com.storageplatform.compliance.contract;

import com.storageplatform.kit.web.Patch;

/**
 * The body of {@code PATCH /v1/contract-templates/{name}}: left out stays, {@code null} restores the default.
 *
 * @param title one line, at most 200 characters, only the template's placeholders
 * @param body  at most 20000 characters, only the template's placeholders
 */
record ContractTemplateChanges(Patch<String> title, Patch<String> body) {
}
