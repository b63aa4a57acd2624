#include "sweep/sweep.h"

#include "core/json_reader.h"
#include "output/csv.h"
#include "perf/evaluate.h"
#include "project/project_io.h"
#include "reliability/job_goodput.h"

#include <charconv>
#include <cmath>
#include <ostream>
#include <sstream>

namespace podplanner::model::sweep {

using output::csvField;
using output::csvNumber;

namespace {

constexpr std::int64_t kMaxValuesPerParam = 1'000'000;

bool fail(std::string* whyNot, std::string text) {
    if (whyNot)
        *whyNot = std::move(text);
    return false;
}

std::optional<double> number(const std::string& text) {
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, separator))
        parts.push_back(part);
    if (!text.empty() && text.back() == separator)
        parts.push_back("");
    return parts;
}

} // namespace

std::optional<SweepParam> parseSweepParam(const std::string& text, std::string* whyNot) {
    const std::string expected = "POINTER=LO:HI:STEP or POINTER=V1,V2,... with a JSON pointer "
                                 "like /jobs/0/parallelism/tp";
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || text[0] != '/') {
        fail(whyNot, expected);
        return std::nullopt;
    }
    SweepParam p;
    p.pointer = text.substr(0, eq);
    const std::string spec = text.substr(eq + 1);
    try {
        (void)Json::json_pointer(p.pointer);
    } catch (const Json::exception&) {
        fail(whyNot, expected + " (\"" + p.pointer + "\" is not a JSON pointer)");
        return std::nullopt;
    }
    if (spec.find(':') != std::string::npos) {
        const auto parts = split(spec, ':');
        const auto lo = parts.size() == 3 ? number(parts[0]) : std::nullopt;
        const auto hi = parts.size() == 3 ? number(parts[1]) : std::nullopt;
        const auto step = parts.size() == 3 ? number(parts[2]) : std::nullopt;
        if (!lo || !hi || !step || *step <= 0 || *hi < *lo) {
            fail(whyNot, expected + " (LO <= HI, STEP > 0)");
            return std::nullopt;
        }
        const double count = std::floor((*hi - *lo) / *step + 1e-9) + 1;
        if (count > kMaxValuesPerParam) {
            fail(whyNot, "at most 1000000 values per parameter");
            return std::nullopt;
        }
        for (std::int64_t i = 0; i < static_cast<std::int64_t>(count); ++i)
            p.values.push_back(*lo + static_cast<double>(i) * *step);
    } else {
        for (const auto& part : split(spec, ',')) {
            const auto v = number(part);
            if (!v) {
                fail(whyNot, expected + " (\"" + part + "\" is not a number)");
                return std::nullopt;
            }
            p.values.push_back(*v);
        }
        if (p.values.empty() || p.values.size() > static_cast<std::size_t>(kMaxValuesPerParam)) {
            fail(whyNot, expected);
            return std::nullopt;
        }
    }
    return p;
}

std::optional<Shard> parseShard(const std::string& text, std::string* whyNot) {
    const auto slash = text.find('/');
    Shard s;
    if (slash != std::string::npos) {
        const auto i = number(text.substr(0, slash));
        const auto n = number(text.substr(slash + 1));
        if (i && n && *n >= 1 && *i >= 0 && *i < *n && std::floor(*i) == *i &&
            std::floor(*n) == *n && *n <= 1e9) {
            s.index = static_cast<std::int64_t>(*i);
            s.count = static_cast<std::int64_t>(*n);
            return s;
        }
    }
    fail(whyNot, "I/N with whole numbers 0 <= I < N, e.g. 3/16");
    return std::nullopt;
}

std::int64_t sweepPoints(const std::vector<SweepParam>& params) {
    std::int64_t n = 1;
    for (const auto& p : params) {
        if (n > (std::int64_t{1} << 50) / static_cast<std::int64_t>(p.values.size()))
            return -1; // too many to count
        n *= static_cast<std::int64_t>(p.values.size());
    }
    return n;
}

std::int64_t runSweep(const Project& base, const std::vector<SweepParam>& params,
                      const SweepOptions& options, std::ostream& csv) {
    const Json baseJson = Json::parse(writeProject(base));
    csv << "point";
    for (const auto& p : params)
        csv << "," << csvField(p.pointer);
    csv << ",job,chips,step_time_s,mfu,tokens_per_s,hbm_used_gib_per_chip,hbm_fits,goodput,"
           "interruptions_per_day,time_to_train_days,error\n";
    const std::int64_t total = sweepPoints(params);
    if (total < 0)
        throwInputError("--param", "a sweep of at most 2^50 points", "more");
    const std::int64_t mine =
        total <= options.shard.index
            ? 0
            : (total - options.shard.index + options.shard.count - 1) / options.shard.count;
    std::int64_t done = 0;
    for (std::int64_t point = options.shard.index; point < total; point += options.shard.count) {
        if (options.cancel && options.cancel->load())
            break;
        // Mixed-radix digits of the point index pick each parameter's value (last varies fastest).
        std::vector<double> values(params.size());
        std::int64_t rest = point;
        for (std::size_t k = params.size(); k-- > 0;) {
            const auto n = static_cast<std::int64_t>(params[k].values.size());
            values[k] = params[k].values[static_cast<std::size_t>(rest % n)];
            rest /= n;
        }
        std::string prefix = std::to_string(point);
        for (double v : values) // append(): GCC 12 at -O3 warns falsely on "," + string
            prefix.append(",").append(csvNumber(v));
        try {
            Json doc = baseJson;
            for (std::size_t k = 0; k < params.size(); ++k)
                doc[Json::json_pointer(params[k].pointer)] = wholeNumberJson(values[k]);
            const Project project = readProject(doc.dump());
            const auto perf = perf::evaluateProject(project);
            const auto rel = reliability::evaluateReliability(project, perf);
            for (std::size_t j = 0; j < perf.jobs.size(); ++j) {
                const auto& s = perf.jobs[j].step;
                const auto& g = rel[j].goodput;
                csv << prefix << "," << csvField(perf.jobs[j].name) << "," << perf.jobs[j].chips
                    << "," << csvNumber(s.stepS) << "," << csvNumber(s.mfu) << ","
                    << csvNumber(s.tokensPerS) << ","
                    << csvNumber(s.memory.total() / (1024.0 * 1024.0 * 1024.0)) << ","
                    << (s.fits ? "true" : "false") << "," << csvNumber(g.expected) << ","
                    << csvNumber(g.interruptionsPerDay) << "," << csvNumber(g.timeToTrainDays)
                    << ",\n";
            }
        } catch (const std::exception& e) {
            csv << prefix << ",,,,,,,,,,," << csvField(e.what()) << "\n";
        }
        ++done;
        if (options.progress)
            options.progress(done, mine);
    }
    return done;
}

} // namespace podplanner::model::sweep
