package com.storageplatform.compliance.contract;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /v1/contracts} (scopes {@code compliance:read} and {@code compliance:write}, at the gateway). */
@RestController
@ScopeFamily("compliance")
class ContractResource {

    private final ContractService contracts;

    ContractResource(ContractService contracts) {
        this.contracts = contracts;
    }

    /**
     * 201 with the contract, {@code awaiting_signature}: the licence document of a quote or draft agreement, made now
     * from the account's licence template ({@code /v1/contract-templates/licence}) with the agreement's terms, and
     * kept with its SHA-256. It supersedes an unsigned earlier contract of the agreement. 409 when the agreement is
     * terminated or signed already, or its licence was signed through an earlier contract. An agreement booked a
     * moment ago is 422 {@code not_found} until commerce's event of it has arrived here. An agreement at another
     * site of a site-restricted credential is 403.
     */
    @PostMapping("/v1/contracts")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Contract>> create(Caller caller, @RequestBody CreateContract body) {
        return contracts.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/contracts/{id}")
    Mono<Envelopes.Data<Contract>> read(Caller caller, @PathVariable String id) {
        return contracts.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code agreement_id}, {@code contact_id}, {@code site_id} and {@code status}. A
     * site-restricted credential sees its sites' contracts only.
     */
    @FilteredBy({"agreement_id", "contact_id", "site_id", "status"})
    @GetMapping("/v1/contracts")
    Mono<Envelopes.ListOf<Contract>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        var f = new ContractRepository.Filters(filters.id("agreement_id"), filters.id("contact_id"),
                filters.id("site_id"), filters.oneOf("status", Contract.STATUSES));
        return contracts.list(caller, f, filters.page());
    }

    /**
     * The licence document itself: {@code application/pdf}, exactly as it was made (its SHA-256 is the contract's
     * {@code document_sha256}), named {@code licence-ID.pdf} after the contract's id. One of the two successes of
     * the API that are not JSON; its errors are JSON as everywhere.
     */
    @GetMapping("/v1/contracts/{id}/document")
    @ApiResponse(responseCode = "200", description = "The licence document, a PDF.", content = @Content(
            mediaType = MediaType.APPLICATION_PDF_VALUE, schema = @Schema(type = "string", format = "binary"),
            examples = @ExampleObject(name = "example", summary = "A PDF, from its first bytes",
                    description = "The document's bytes, shown here only from their start.",
                    value = "%PDF-1.7 ...")))
    Mono<ResponseEntity<byte[]>> document(Caller caller, @PathVariable String id) {
        return contracts.document(caller, Ids.fromPath(id)).map(document -> ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_PDF)
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.inline()
                        .filename("licence-" + document.contract().id() + ".pdf").build().toString())
                .body(document.pdf()));
    }

    /**
     * The customer signs the document: {@code signed}, with the signer's {@code name} and {@code ip_address} and the
     * service's own time, recorded in the audit trail, and {@code contract.signed}, upon which commerce signs the
     * agreement (its {@code agreement.signed}). 409 when the contract is signed already or superseded, and when the
     * agreement can no longer be signed by it: terminated, signed already, or changed since the document was made
     * (make a new contract then).
     */
    @PostMapping("/v1/contracts/{id}/sign")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Contract>> sign(Caller caller, @PathVariable String id, @RequestBody SignContract body) {
        return contracts.sign(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }
}
