#include "job_list_model.h"

namespace podplanner::views {

int JobListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QVariant JobListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const JobRow& row = rows_.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case NameRole:
        return row.name;
    case ChipsRole:
        return row.chips;
    case ShapeRole:
        return row.shape;
    case WraparoundRole:
        return row.wraparound;
    case TwistedRole:
        return row.twisted;
    case SlicesRole:
        return row.slices;
    case ColorRole:
        return row.color;
    case StepTimeRole:
        return row.stepTimeS;
    case MfuRole:
        return row.mfu;
    case TokensPerSecondRole:
        return row.tokensPerS;
    case HbmUsedRole:
        return row.hbmUsedGib;
    case HbmCapacityRole:
        return row.hbmCapacityGib;
    case PerfErrorRole:
        return row.perfError;
    case GoodputRole:
        return row.goodput;
    case InterruptionsRole:
        return row.interruptionsPerDay;
    case StateRole:
        return row.state;
    default:
        return {};
    }
}

QHash<int, QByteArray> JobListModel::roleNames() const {
    return {{NameRole, "name"},
            {ChipsRole, "chips"},
            {ShapeRole, "shape"},
            {WraparoundRole, "wraparound"},
            {TwistedRole, "twisted"},
            {SlicesRole, "slices"},
            {ColorRole, "jobColor"},
            {StepTimeRole, "stepTime"},
            {MfuRole, "mfu"},
            {TokensPerSecondRole, "tokensPerSecond"},
            {HbmUsedRole, "hbmUsedGib"},
            {HbmCapacityRole, "hbmCapacityGib"},
            {PerfErrorRole, "perfError"},
            {GoodputRole, "goodput"},
            {InterruptionsRole, "interruptionsPerDay"},
            {StateRole, "state"}};
}

void JobListModel::setRows(QList<JobRow> rows) {
    if (rows.size() == rows_.size() && !rows_.isEmpty()) {
        rows_ = std::move(rows);
        emit dataChanged(index(0), index(static_cast<int>(rows_.size()) - 1));
        return;
    }
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

QColor JobListModel::jobColor(int index) {
    // Evenly spaced hues at the golden angle stay distinct for many jobs.
    const int hue = (index * 137 + 210) % 360;
    return QColor::fromHsl(hue, 170, 120);
}

} // namespace podplanner::views
