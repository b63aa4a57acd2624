#include "project/parallelism_edit.h"

namespace podplanner::model {

namespace {

int* field(ParallelismSpec& p, std::string_view axis) {
    if (axis == "dp")
        return &p.dp;
    if (axis == "fsdp")
        return &p.fsdp;
    if (axis == "tp")
        return &p.tp;
    if (axis == "pp")
        return &p.pp;
    if (axis == "ep")
        return &p.ep;
    if (axis == "cp")
        return &p.cp;
    if (axis == "microbatches")
        return &p.microbatches;
    if (axis == "virtual_stages")
        return &p.virtualStages;
    return nullptr;
}

bool isMeshAxis(std::string_view axis) {
    return axis != "microbatches" && axis != "virtual_stages";
}

} // namespace

bool isEditableMeshAxis(std::string_view axis) {
    ParallelismSpec probe;
    return field(probe, axis) != nullptr;
}

int meshAxisValue(const ParallelismSpec& p, std::string_view axis) {
    auto copy = p;
    const int* f = field(copy, axis);
    return f ? *f : 0;
}

bool setMeshAxis(ParallelismSpec& p, std::string_view axis, int value, std::int64_t chips) {
    int* target = field(p, axis);
    if (!target || value < 1)
        return p.meshSize() == chips;
    const int old = *target;
    *target = value;
    if (!isMeshAxis(axis) || old == value)
        return p.meshSize() == chips;
    p.mapping.clear();
    if (p.meshSize() == chips)
        return true;
    // Trade with a data-parallel axis: dp first, then fsdp (never the axis being edited).
    for (int* balance : {&p.dp, &p.fsdp}) {
        if (balance == target)
            continue;
        const std::int64_t rest = p.meshSize() / *balance;
        if (rest > 0 && chips % rest == 0) {
            *balance = static_cast<int>(chips / rest);
            return true;
        }
    }
    return false;
}

void setAxisExactly(ParallelismSpec& p, std::string_view axis, int value) {
    if (int* target = field(p, axis); target && value >= 1)
        *target = value;
}

} // namespace podplanner::model
