package com.storageplatform.crm.message;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /v1/messages} (scopes {@code messages:read} and {@code messages:write}, at the gateway). */
@RestController
@ScopeFamily("messages")
class MessageResource {

    private final MessageService messages;

    MessageResource(MessageService messages) {
        this.messages = messages;
    }

    /**
     * 201 with the message. It is {@code queued} and handed to its provider just after (an email over SMTP, an SMS
     * through Twilio; the simulators on test accounts): {@code sent} ({@code message.sent}) once the provider takes
     * it, then {@code delivered} or {@code bounced} from its reports. It is {@code blocked}, and never handed to a
     * provider, when it is a marketing message to a contact whose marketing answer is {@code no}
     * ({@code marketing_refused}) or an email to an address at a reserved domain such as {@code example.com} or
     * {@code .invalid} ({@code address_reserved}). An email needs a {@code subject}; an SMS takes none. The contact
     * must be one of the account's (422 {@code not_found}), never the walk-in sales record (422 {@code not_allowed}),
     * with an email address or phone number for the channel (422 {@code not_allowed} on {@code contact_id}). 409
     * when the channel is not set up for live accounts. A member of staff reads links that let someone act as the
     * customer as {@code [hidden link]}.
     */
    @PostMapping("/v1/messages")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Message>> create(Caller caller, @RequestBody CreateMessage body) {
        return messages.create(caller, body).map(Envelopes::data);
    }

    /** The message; a member of staff reads links that act as the customer as {@code [hidden link]}. */
    @GetMapping("/v1/messages/{id}")
    Mono<Envelopes.Data<Message>> read(Caller caller, @PathVariable String id) {
        return messages.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code contact_id}, {@code status}, {@code channel} and {@code kind}. */
    @FilteredBy({"contact_id", "status", "channel", "kind"})
    @GetMapping("/v1/messages")
    Mono<Envelopes.ListOf<Message>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        var f = new MessageRepository.Filters(filters.id("contact_id"), filters.oneOf("status", Message.STATUSES),
                filters.oneOf("channel", Message.CHANNELS), filters.oneOf("kind", Message.KINDS));
        return messages.list(caller, f, filters.page());
    }
}
