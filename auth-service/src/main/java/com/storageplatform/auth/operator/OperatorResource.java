package com.storageplatform.auth.operator;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The platform admin API's operators (docs/api/admin.md). Only the platform admin reaches it. */
@RestController
class OperatorResource {

    private final OperatorService operators;

    OperatorResource(OperatorService operators) {
        this.operators = operators;
    }

    @PostMapping("/admin/v1/operators")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Operator>> create(Caller caller, @RequestBody CreateOperator body) {
        return operators.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/admin/v1/operators")
    Mono<Envelopes.ListOf<Operator>> list(@RequestParam MultiValueMap<String, String> query) {
        return operators.list(query);
    }

    @GetMapping("/admin/v1/operators/{id}")
    Mono<Envelopes.Data<Operator>> read(@PathVariable String id) {
        return operators.find(Ids.fromPath(id)).map(Envelopes::data);
    }

    @PatchMapping("/admin/v1/operators/{id}/settings")
    Mono<Envelopes.Data<Operator>> updateSettings(Caller caller, @PathVariable String id,
            @RequestBody SettingsPatch body) {
        return operators.updateSettings(caller, Ids.fromPath(id), body.validated()).map(Envelopes::data);
    }
}
