package com.storageplatform.catalogue.unitimport;

import com.storageplatform.catalogue.site.Sites;
import com.storageplatform.catalogue.unit.NewUnit;
import com.storageplatform.catalogue.unit.Units;
import com.storageplatform.catalogue.unitimport.UnitImportAnswer.Written;
import com.storageplatform.catalogue.unitimport.UnitImportBatch.Row;
import com.storageplatform.catalogue.unitimport.UnitImportRules.Judged;
import com.storageplatform.catalogue.unitimport.UnitImportRules.Known;
import com.storageplatform.catalogue.unittype.UnitTypes;
import com.storageplatform.kit.caller.Caller;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Writes a batch of an import's rows as units, all or none, in one transaction (internal routes run outside the
 * request transaction of {@code /v1}). A row written before under the same import key is answered, not judged or
 * written again: its unit exists, so judging it would only find its own name taken.
 */
@Service
class UnitImportService {

    private final UnitImportRepository rows;
    private final Units units;
    private final Sites sites;
    private final UnitTypes types;
    private final TransactionalOperator tx;

    UnitImportService(UnitImportRepository rows, Units units, Sites sites, UnitTypes types,
            TransactionalOperator tx) {
        this.rows = rows;
        this.units = units;
        this.sites = sites;
        this.types = types;
        this.tx = tx;
    }

    Mono<UnitImportAnswer> run(Caller caller, UnitImportBatch batch) {
        return Mono.defer(() -> {
            List<Row> batchRows = UnitImportRules.rows(batch);
            UUID account = caller.accountId();
            String key = batch.importKey();
            List<Integer> numbers = batchRows.stream().map(Row::row).toList();
            return rows.lock(account, key)
                    .then(rows.written(account, key, numbers))
                    .flatMap(written -> {
                        List<Row> fresh = batchRows.stream().filter(row -> !written.containsKey(row.row())).toList();
                        return judge(account, fresh).flatMap(judged -> {
                            if (!judged.problems().isEmpty() || batch.dryRun()) {
                                return Mono.just(UnitImportAnswer.of(judged.problems(), List.of()));
                            }
                            return Flux.fromIterable(batchRows)
                                    .concatMap(row -> written.containsKey(row.row())
                                            ? Mono.just(new Written(row.row(), written.get(row.row()), false))
                                            : write(caller, key, row.row(), judged.units().get(row.row())))
                                    .collectList()
                                    .map(done -> UnitImportAnswer.of(List.of(), done));
                        });
                    });
        }).as(tx::transactional);
    }

    /** The rows judged against the account's sites, their unit types and the names their units already have. */
    private Mono<Judged> judge(UUID account, List<Row> fresh) {
        if (fresh.isEmpty()) {
            return Mono.just(new Judged(List.of(), Map.of()));
        }
        return sites.all(account).collectList().flatMap(known -> {
            Set<UUID> siteIds = fresh.stream()
                    .map(row -> UnitImportRules.site(row.site(), known))
                    .flatMap(Optional::stream)
                    .map(Sites.Named::id)
                    .collect(Collectors.toSet());
            Set<String> names = fresh.stream().map(Row::name).filter(name -> name != null && !name.isBlank())
                    .map(String::strip).collect(Collectors.toSet());
            // One query after the other: they share the transaction, hence its one connection.
            return types.atSites(account, siteIds).collectList()
                    .zipWhen(atSites -> units.takenNames(account, siteIds, names))
                    .map(found -> UnitImportRules.judge(fresh, new Known(known, found.getT1(), found.getT2())));
        });
    }

    private Mono<Written> write(Caller caller, String key, int row, NewUnit unit) {
        return units.create(caller, unit)
                .flatMap(created -> rows.insert(caller.accountId(), key, row, created.id())
                        .thenReturn(new Written(row, created.id(), true)));
    }
}
