// libFuzzer target: sweep parameters ("/jobs/0/parallelism/tp=1:8:1", "=1,2,4") and shards
// ("3/16") parse or are refused with a reason, never crash; parsed values are finite.
#include "sweep/sweep.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podplanner::model::sweep;
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string why;
    if (const auto p = parseSweepParam(text, &why)) {
        if (p->values.empty() || p->pointer.empty() || p->pointer[0] != '/')
            std::abort();
        for (double v : p->values)
            if (!std::isfinite(v))
                std::abort();
        (void)sweepPoints({*p, *p});
    } else if (why.empty()) {
        std::abort(); // a refusal always says why
    }
    if (const auto s = parseShard(text, &why))
        if (s->index < 0 || s->index >= s->count)
            std::abort();
    return 0;
}
