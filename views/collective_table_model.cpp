#include "collective_table_model.h"

namespace podplanner::views {

int CollectiveTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CollectiveTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CollectiveTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CollectiveTableRow& row = rows_.at(index.row());
    if (role == ExposedRole)
        return row.exposedSeconds > 0;
    if (role == SortRole) {
        switch (index.column()) {
        case BytesColumn:
            return row.bytes;
        case TimeColumn:
            return row.seconds;
        case ExposedColumn:
            return row.exposedSeconds;
        default:
            break;
        }
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case KindColumn:
        return row.kind;
    case AxisColumn:
        return row.axis;
    case BytesColumn:
        return formatBytes(row.bytes);
    case TimeColumn:
        return formatSeconds(row.seconds);
    case ExposedColumn:
        return formatSeconds(row.exposedSeconds);
    default:
        return {};
    }
}

QVariant CollectiveTableModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KindColumn:
        return tr("Collective");
    case AxisColumn:
        return tr("Axis");
    case BytesColumn:
        return tr("Bytes / step");
    case TimeColumn:
        return tr("Time / step");
    case ExposedColumn:
        return tr("Exposed");
    default:
        return {};
    }
}

QHash<int, QByteArray> CollectiveTableModel::roleNames() const {
    return {{Qt::DisplayRole, "display"}, {SortRole, "sortValue"}, {ExposedRole, "exposed"}};
}

void CollectiveTableModel::setRows(QList<CollectiveTableRow> rows) {
    if (rows.size() == rows_.size()) {
        rows_ = std::move(rows);
        if (!rows_.isEmpty())
            emit dataChanged(index(0, 0),
                             index(static_cast<int>(rows_.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

QString CollectiveTableModel::formatBytes(double bytes) {
    const char* units[] = {"B", "KB", "MB", "GB", "TB"};
    int u = 0;
    while (bytes >= 1000 && u < 4) {
        bytes /= 1000;
        ++u;
    }
    return QStringLiteral("%1 %2").arg(bytes, 0, 'f', bytes < 10 ? 2 : 1).arg(units[u]);
}

QString CollectiveTableModel::formatSeconds(double seconds) {
    if (seconds <= 0)
        return QStringLiteral("0");
    if (seconds < 1e-3)
        return QStringLiteral("%1 µs").arg(seconds * 1e6, 0, 'f', 1);
    if (seconds < 1)
        return QStringLiteral("%1 ms").arg(seconds * 1e3, 0, 'f', 1);
    return QStringLiteral("%1 s").arg(seconds, 0, 'f', 2);
}

} // namespace podplanner::views
