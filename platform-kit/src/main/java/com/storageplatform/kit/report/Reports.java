package com.storageplatform.kit.report;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.operator.OperatorSettings;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.util.MultiValueMap;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The one way a service serves {@code GET /v1/reports/{name}} (conventions.md, Reports): the query read and
 * judged the same everywhere, the rows answered as the list envelope of {@code report_row} items, or with
 * {@code ?format=csv} as {@code text/csv} with a header row, streamed row by row so that memory stays flat
 * however long the report.
 *
 * <pre>{@code
 * @GetMapping("/v1/reports/conversion")
 * @ReportOperation
 * Mono<Envelopes.ListOf<ConversionRow>> conversion(Caller caller, @RequestParam MultiValueMap<String, String> query) {
 *     return reports.page(caller, query, ConversionRow.class, conversion::rows);
 * }
 *
 * @Hidden  // the same operation, described by @ReportOperation above
 * @GetMapping(path = "/v1/reports/conversion", params = "format=csv")
 * Mono<Void> conversionCsv(Caller caller, @RequestParam MultiValueMap<String, String> query, ServerWebExchange exchange) {
 *     return reports.csv(exchange, caller, query, ConversionRow.class, conversion::rows);
 * }
 * }</pre>
 *
 * A row is a record whose components start with {@code object} ({@code report_row}), {@code from}, {@code to},
 * {@code key} (what the row stands for: a site's or unit type's id, a channel, {@code total}), {@code group_by}
 * and {@code label}, then its figures; its static {@code GROUP_BYS} lists the groups it may be asked for, the
 * first the default. The CSV's columns are the components in order without {@code object}.
 */
public class Reports {

    public static final String OBJECT = "report_row";
    public static final MediaType TEXT_CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);
    /** The longest period one report covers: five years, so a report is never asked to scan without end. */
    public static final int MAX_DAYS = 366 * 5;
    public static final List<String> FORMATS = List.of("json", "csv");

    private final ObjectProvider<OperatorSettings> operators;
    private final Clock clock;

    public Reports(ObjectProvider<OperatorSettings> operators, Clock clock) {
        this.operators = operators;
        this.clock = clock;
    }

    /** One page of the report's rows, in the order {@code rows} gives them. */
    public <R extends Record> Mono<Envelopes.ListOf<R>> page(Caller caller, MultiValueMap<String, String> query,
            Class<R> row, Function<ReportQuery, Flux<R>> rows) {
        ReportShape shape = ReportShape.of(row);
        Read read = read(caller, query, shape);
        int limit = PageRequest.limitOf(query.getFirst("limit"));
        int offset = offset(query.getFirst("cursor"), read.fingerprint);
        return query(caller, read).flatMap(report -> rows.apply(report).skip(offset).take(limit + 1L).collectList())
                .map(found -> {
                    boolean more = found.size() > limit;
                    List<R> page = more ? found.subList(0, limit) : found;
                    String next = more ? cursor(offset + limit, read.fingerprint) : null;
                    return new Envelopes.ListOf<>(List.copyOf(page),
                            new Envelopes.ListMeta(limit, new Envelopes.CursorMeta(next, more)));
                });
    }

    /**
     * Every row as {@code text/csv} (RFC 4180, CRLF, UTF-8), named {@code NAME-FROM-TO.csv}; {@code limit} and
     * {@code cursor} do not apply. Each row is written as it comes.
     */
    public <R extends Record> Mono<Void> csv(ServerWebExchange exchange, Caller caller,
            MultiValueMap<String, String> query, Class<R> row, Function<ReportQuery, Flux<R>> rows) {
        ReportShape shape = ReportShape.of(row);
        Read read = read(caller, query, shape);
        String name = exchange.getRequest().getPath().value().replaceFirst(".*/", "");
        return query(caller, read).flatMap(report -> {
            ServerHttpResponse response = exchange.getResponse();
            response.getHeaders().setContentType(TEXT_CSV);
            response.getHeaders().setContentDisposition(ContentDisposition.attachment()
                    .filename(name + "-" + report.from() + "-" + report.to() + ".csv").build());
            response.getHeaders().set(HttpHeaders.CACHE_CONTROL, "no-store");
            Flux<DataBuffer> body = Flux.concat(
                            Mono.fromCallable(() -> line(shape.columns.toArray())),
                            rows.apply(report).map(value -> line(shape.values(value))))
                    .map(bytes -> response.bufferFactory().wrap(bytes));
            return response.writeWith(body);
        });
    }

    private record Read(LocalDate from, LocalDate to, UUID siteId, String groupBy, String fingerprint) {
    }

    /** The query's own parameters; a bad one is 400 {@code validation_error} naming it. */
    private static Read read(Caller caller, MultiValueMap<String, String> query, ReportShape shape) {
        LocalDate from = date(query, "from");
        LocalDate to = date(query, "to");
        UUID siteId = parsed(query, "site_id", value -> com.storageplatform.kit.id.Ids.parse(value).orElse(null));
        String groupBy = parsed(query, "group_by", value -> shape.groupBys.contains(value) ? value : null);
        parsed(query, "format", value -> FORMATS.contains(value) ? value : null);
        if (from != null && to != null) {
            if (from.isAfter(to)) {
                throw ApiException.invalidQueryBecause("from", FieldIssue.INVALID, "from must not be after to.");
            }
            if (ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
                throw ApiException.invalidQueryBecause("to", FieldIssue.ABOVE_MAXIMUM,
                        "A report covers at most " + MAX_DAYS + " days.");
            }
        }
        if (siteId != null) {
            SiteAccess.require(caller, siteId);
        }
        Map<String, Object> filters = new HashMap<>();
        filters.put("from", from);
        filters.put("to", to);
        filters.put("site_id", siteId);
        filters.put("group_by", groupBy);
        return new Read(from, to, siteId, groupBy == null ? shape.groupBys.get(0) : groupBy,
                PageRequest.fingerprintOf(filters));
    }

    /** The query with the operator's defaults: {@code to} today, {@code from} the first day of {@code to}'s month. */
    private Mono<ReportQuery> query(Caller caller, Read read) {
        return operators.getObject().of(caller.accountId()).map(operator -> {
            LocalDate today = LocalDate.now(clock.withZone(operator.timezone()));
            LocalDate to = read.to != null ? read.to : today;
            LocalDate from = read.from != null ? read.from : to.withDayOfMonth(1);
            if (from.isAfter(to)) {
                throw ApiException.invalidQueryBecause("from", FieldIssue.INVALID, "from must not be after to.");
            }
            Set<UUID> sites = read.siteId != null ? Set.of(read.siteId)
                    : caller.isSiteRestricted() ? Set.copyOf(caller.siteIds()) : null;
            return new ReportQuery(from, to, read.siteId, read.groupBy, sites, operator.timezone(),
                    operator.defaultCurrency(), today);
        });
    }

    private static LocalDate date(MultiValueMap<String, String> query, String name) {
        return parsed(query, name, value -> Dates.parseDate(value).orElse(null));
    }

    private static <T> T parsed(MultiValueMap<String, String> query, String name, Function<String, T> parse) {
        String value = query.getFirst(name);
        if (value == null) {
            return null;
        }
        T parsed = value.indexOf('\0') < 0 ? parse.apply(value) : null;
        if (parsed == null) {
            throw ApiException.invalidQuery(name, FieldIssue.INVALID);
        }
        return parsed;
    }

    private static int offset(String cursor, String fingerprint) {
        if (cursor == null) {
            return 0;
        }
        try {
            String raw = new String(java.util.Base64.getUrlDecoder().decode(cursor), StandardCharsets.US_ASCII);
            int colon = raw.indexOf(':');
            if (colon > 0 && raw.substring(colon + 1).equals(fingerprint)) {
                int offset = Integer.parseInt(raw.substring(0, colon));
                if (offset > 0) {
                    return offset;
                }
            }
        } catch (IllegalArgumentException e) {
            // Not one of ours: refused below like any other.
        }
        throw ApiException.invalidQuery("cursor", FieldIssue.INVALID);
    }

    private static String cursor(int offset, String fingerprint) {
        return java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString((offset + ":" + fingerprint).getBytes(StandardCharsets.US_ASCII));
    }

    /** One CSV record. Text a spreadsheet would read as a formula is written with a leading quote (OWASP). */
    static byte[] line(Object[] values) {
        StringBuilder out = new StringBuilder(64);
        try (CSVPrinter printer = new CSVPrinter(out, CSVFormat.RFC4180)) {
            for (Object value : values) {
                printer.print(cell(value));
            }
            printer.println();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        String text = value.toString();
        if (value instanceof CharSequence && !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0) {
            return "'" + text;
        }
        return text;
    }
}
