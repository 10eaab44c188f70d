import { Link } from 'react-router';
import Box from '@mui/material/Box';
import { useAppInfo } from './app-info';

/** The product name at the left of every header, linking home (44 px tall: a thumb-sized target). */
export function BrandHomeLink() {
  const { appName } = useAppInfo();
  return (
    <Box
      component={Link}
      to="/"
      sx={{
        color: 'inherit',
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: '1.35rem',
        minHeight: 44,
        display: 'flex',
        alignItems: 'center',
      }}
    >
      {appName}
    </Box>
  );
}
