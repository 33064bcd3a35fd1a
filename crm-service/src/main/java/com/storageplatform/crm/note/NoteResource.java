package com.storageplatform.crm.note;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/notes} (scopes {@code crm:read} and {@code crm:write}, at the gateway). A note is a record of what was
 * said: it is never edited (no {@code PATCH}), only deleted.
 */
@RestController
@ScopeFamily("crm")
class NoteResource {

    private final NoteService notes;

    NoteResource(NoteService notes) {
        this.notes = notes;
    }

    /**
     * 201 with the note ({@code note.created}), written by the caller ({@code author}). {@code subject_type} is one
     * of {@code agreement}, {@code collections_case}, {@code contact}, {@code deal}, {@code unit} (422 otherwise);
     * {@code subject_id} a record of that type the account has (422 {@code not_found}), never the walk-in sales
     * record (422 {@code not_allowed}); a collections case is not checked yet. A subject at another site of a
     * restricted credential is 403 {@code site_forbidden}. {@code body} is trimmed, 1 to 5000 characters. A note on
     * a deal records activity on it; one on a contact, on each of the customer's open deals.
     */
    @PostMapping("/v1/notes")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Note>> create(Caller caller, @RequestBody CreateNote body) {
        return notes.create(caller, body).map(Envelopes::data);
    }

    /** A note with a site outside a restricted credential's sites is 403. */
    @GetMapping("/v1/notes/{id}")
    Mono<Envelopes.Data<Note>> read(Caller caller, @PathVariable String id) {
        return notes.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code subject_type} and {@code subject_id}. A site-restricted credential sees the notes
     * of its sites and those without a site.
     */
    @FilteredBy({"subject_type", "subject_id"})
    @GetMapping("/v1/notes")
    Mono<Envelopes.ListOf<Note>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return notes.list(caller, filters.oneOf("subject_type", Note.SUBJECT_TYPES), filters.id("subject_id"),
                filters.page());
    }

    /** Deleted ({@code note.deleted}). */
    @DeleteMapping("/v1/notes/{id}")
    Mono<Envelopes.Data<Envelopes.Deleted>> delete(Caller caller, @PathVariable String id) {
        return notes.delete(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
