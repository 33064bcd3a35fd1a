package com.storageplatform.commerce.imports;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/imports} (scopes {@code imports:read} and {@code imports:write}, at the gateway): CSV files of
 * contacts, units or agreements with their balances, brought in from another system. docs/api/imports.md has every
 * column, format and rule.
 */
@RestController
@ScopeFamily("imports")
class ImportResource {

    private final ImportService imports;

    ImportResource(ImportService imports) {
        this.imports = imports;
    }

    /**
     * 201 with the queued import: the body is the CSV file ({@code Content-Type: text/csv}, UTF-8, at most 50 MiB),
     * stored as sent and worked through in the background. {@code type} ({@code contacts}, {@code units},
     * {@code agreements}) and {@code dry_run} ({@code true}: check every row, write nothing) are required. A real
     * run of a file that already has a real import of that type which did not fail answers that import with 200
     * and writes nothing. An empty file is 422 on {@code file}; a file over 50 MiB is 413; a credential restricted to
     * some sites is 403 {@code site_forbidden} (an import writes for every site).
     */
    @PostMapping(path = "/v1/imports", consumes = "text/csv")
    @ResponseStatus(HttpStatus.CREATED)
    @Parameter(in = ParameterIn.QUERY, name = "type", required = true, schema = @Schema(type = "string",
            allowableValues = {"contacts", "units", "agreements"}), description = "What the file holds.")
    @Parameter(in = ParameterIn.QUERY, name = "dry_run", required = true, schema = @Schema(type = "boolean"),
            description = "true: check every row and write nothing; false: import for real.")
    @ApiResponse(responseCode = "200", description = "The file already has a real import of this type: that "
            + "import (nothing was written).")
    Mono<Envelopes.Data<Import>> upload(Caller caller, @RequestParam MultiValueMap<String, String> query,
            @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, description = "The CSV file, "
                    + "UTF-8 (a byte order mark is allowed), its first line the header.", content = @Content(
                    mediaType = "text/csv", schema = @Schema(type = "string", format = "binary",
                    example = "first_name,last_name,email\nAda,Lovelace,ada@example.com\n")))
            @RequestBody(required = false) Flux<DataBuffer> file, ServerHttpResponse response) {
        ListFilters parameters = ListFilters.of(query);
        String type = required("type", parameters.oneOf("type", Import.TYPES));
        boolean dryRun = required("dry_run", parameters.bool("dry_run"));
        // An empty body is the service's to refuse (422 on file), not the framework's 400.
        return imports.upload(caller, type, dryRun, file == null ? Flux.empty() : file).map(outcome -> answer(outcome, response));
    }

    /** The import. */
    @GetMapping("/v1/imports/{id}")
    Mono<Envelopes.Data<Import>> read(Caller caller, @PathVariable String id) {
        return imports.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code type}, {@code status} and {@code dry_run}. */
    @FilteredBy({"type", "status", "dry_run"})
    @GetMapping("/v1/imports")
    Mono<Envelopes.ListOf<Import>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String type = filters.oneOf("type", Import.TYPES);
        String status = filters.oneOf("status", Import.STATUSES);
        Boolean dryRun = filters.bool("dry_run");
        return imports.list(caller, type, status, dryRun, filters.page());
    }

    /**
     * What is wrong with the file, in row order: each problem's {@code row} (the file's line, the header is 1),
     * {@code column} (the file's header; null for the whole row), {@code issue} and {@code message}. The first
     * 1,000 problems are kept; {@code problems_count} counts them all.
     */
    @GetMapping("/v1/imports/{id}/problems")
    Mono<Envelopes.ListOf<ImportProblem>> problems(Caller caller, @PathVariable String id,
            @RequestParam MultiValueMap<String, String> query) {
        return imports.problems(caller, Ids.fromPath(id), ListFilters.of(query).page());
    }

    /**
     * Runs for real the file a completed dry run without problems checked: 201 with a new real import, or 200 with
     * the real import that file already has. 409 when the import is not a completed dry run or had problems; 403
     * {@code site_forbidden} for a credential restricted to some sites.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/imports/{id}/run")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiResponse(responseCode = "200", description = "The file already has a real import of this type: that "
            + "import (nothing was written).")
    Mono<Envelopes.Data<Import>> run(Caller caller, @PathVariable String id, ServerHttpResponse response) {
        return imports.run(caller, Ids.fromPath(id)).map(outcome -> answer(outcome, response));
    }

    private static Envelopes.Data<Import> answer(ImportService.Outcome outcome, ServerHttpResponse response) {
        if (!outcome.created()) {
            response.setStatusCode(HttpStatus.OK);
        }
        return Envelopes.data(outcome.value());
    }

    private static <T> T required(String parameter, T value) {
        if (value == null) {
            throw ApiException.invalidQuery(parameter, FieldIssue.REQUIRED);
        }
        return value;
    }
}
