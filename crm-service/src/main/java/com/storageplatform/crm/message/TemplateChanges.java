package com.storageplatform.crm.message;

import com.storageplatform.kit.web.Patch;

/**
 * The body of {@code PATCH /v1/message-templates/{name}}: left out stays, {@code null} restores the default.
 *
 * @param subject one line, at most 200 characters, only the template's placeholders
 * @param body    at most 20000 characters, only the template's placeholders
 */
record TemplateChanges(Patch<String> subject, Patch<String> body) {
}
