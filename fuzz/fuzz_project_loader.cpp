// libFuzzer target: any bytes given to the project loader either load or raise InputError —
// never crash, hang or leak — and whatever loads saves and reloads to the same text.
#include "core/input_error.h"
#include "project/project_io.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podplanner::model;
    const std::string text(reinterpret_cast<const char*>(data), size);
    LoadLimits limits;
    limits.maxChips = 200'000; // keep each input cheap: the limit is part of what is tested
    try {
        const Project project = readProject(text, limits);
        const std::string saved = writeProject(project);
        const Project again = readProject(saved, limits);
        if (writeProject(again) != saved)
            std::abort(); // save -> load -> save must be stable
    } catch (const InputError&) {
    }
    return 0;
}
