package com.storageplatform.crm.note;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code note} resource: what was said or seen about a record, written once and never edited. The body of
 * {@code GET /v1/notes/{id}} and the {@code data} of {@code note.*} events.
 *
 * @param subjectType what the note is about: {@code agreement}, {@code collections_case}, {@code contact},
 *                    {@code deal} or {@code unit}
 * @param subjectId   the id of that record
 * @param body        the note's text, trimmed, 1 to 5000 characters
 * @param siteId      the subject's site (a deal's, an agreement's, a unit's); null for a contact or collections
 *                    case
 * @param author      who wrote it: the credential that created it
 */
public record Note(UUID id, String object, @OneOf("SUBJECT_TYPES") String subjectType, UUID subjectId, String body,
        @Nullable UUID siteId, Author author, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "note";

    public static final String AGREEMENT = "agreement";
    public static final String COLLECTIONS_CASE = "collections_case";
    public static final String CONTACT = "contact";
    public static final String DEAL = "deal";
    public static final String UNIT = "unit";
    public static final List<String> SUBJECT_TYPES = List.of(AGREEMENT, COLLECTIONS_CASE, CONTACT, DEAL, UNIT);

    /**
     * The author of a note: the caller that wrote it.
     *
     * @param actorType    {@code api} (an API key, OAuth client or static token), {@code staff} (a back-office staff
     *                     token), {@code platform_admin} or {@code provider}
     * @param credentialId the id of that credential (a staff token's id for a member of staff)
     */
    @Schema(name = "NoteAuthor")
    public record Author(@OneOf("ACTOR_TYPES") String actorType, String credentialId) {

        public static final List<String> ACTOR_TYPES = List.of("api", "staff", "platform_admin", "provider");
    }
}
