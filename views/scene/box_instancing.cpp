#include "box_instancing.h"

namespace podplanner::views {

BoxInstancing::BoxInstancing(QQuick3DObject* parent) : QQuick3DInstancing(parent) {}

void BoxInstancing::setBoxes(QVector<Box> boxes) {
    boxes_ = std::move(boxes);
    dirty_ = true;
    markDirty();
}

QByteArray BoxInstancing::getInstanceBuffer(int* instanceCount) {
    if (dirty_) {
        table_.resize(static_cast<qsizetype>(boxes_.size() * sizeof(InstanceTableEntry)));
        auto* entry = reinterpret_cast<InstanceTableEntry*>(table_.data());
        for (const Box& b : boxes_)
            // Qt's #Cube mesh is 100 units on a side.
            *entry++ = calculateTableEntry(b.center, b.size / 100.0f, {}, b.color);
        dirty_ = false;
    }
    if (instanceCount)
        *instanceCount = static_cast<int>(boxes_.size());
    return table_;
}

} // namespace podplanner::views
